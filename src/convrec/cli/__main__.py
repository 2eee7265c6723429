from convrec.cli import main

main()
