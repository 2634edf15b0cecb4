/// `bench analyze PATH…`: placeholder until written.
enum AnalyzeCommand {
  static func run(_ arguments: [String], output: (String) -> Void) throws -> Int32 { 0 }
}
