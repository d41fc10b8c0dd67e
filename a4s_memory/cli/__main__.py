from a4s_memory.cli.main import main

main()
