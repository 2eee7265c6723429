"""``python -m convrec``: the same as the ``convrec`` command."""

from convrec.cli import main

main()
