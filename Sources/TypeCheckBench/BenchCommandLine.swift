/// The `bench` command line: parses arguments, dispatches subcommands, maps errors to exit statuses.
public enum BenchCommandLine {
  public static func main(_ arguments: [String]) -> Int32 {
    print("bench: not yet implemented")
    return 0
  }
}
