@testable import TypeCheckBench

/// Whether this host can count instructions with cachegrind.
enum Valgrind {
  static let available: Bool = {
    (try? ProcessRunner.run("valgrind", ["--version"], timeout: 30))?.status.isSuccess == true
  }()
}
