//! The `sandtable` command line: one module per subcommand.
