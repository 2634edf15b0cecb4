import Foundation

extension ScopeComparison {
  /// How one toolchain's compile of the code ended: an outcome of that toolchain, never an abort of the comparison.
  public enum Ending: Hashable, Sendable {
    /// Every expression was type-checked.
    case typeChecked
    /// The solver gave up on this many expressions (its count is a lower bound on each one's work).
    case gaveUp(Int)
    /// The compile ran past `--timeout` and was stopped: no trace, its time a lower bound.
    case timedOut(seconds: Double)
    /// The code does not compile with it: the first diagnostic (or status).
    case doesNotCompile(String)

    /// `type-checked`, `gave-up`, `timed-out`, `does-not-compile`: the JSON's words.
    public var word: String {
      switch self {
      case .typeChecked: "type-checked"
      case .gaveUp: "gave-up"
      case .timedOut: "timed-out"
      case .doesNotCompile: "does-not-compile"
      }
    }

    /// False when the code did not type-check with the toolchain (a give-up, a timeout, an error).
    public var isSuccess: Bool { self == .typeChecked }

    /// "runs past the 60 s timeout", "gives up", "does not compile (error: …)": what the toolchain did, after its
    /// name.
    public var clause: String {
      switch self {
      case .typeChecked: "type-checks it"
      case .gaveUp: "gives up"
      case .timedOut(let seconds): "runs past the \(NumberFormat.compact(seconds, digits: 6)) s timeout"
      case .doesNotCompile(let reason): "does not compile it (\(reason))"
      }
    }
  }

  /// The comparison's headline: each toolchain that did not type-check the code set against one that did ("F.swift:3
  /// solves in 40 scopes with B, where A gives up"), a line per asymmetric case; empty when every toolchain ended
  /// alike.
  public func headline(base: String? = nil) -> [String] {
    guard let solver = endings.indices.first(where: { endings[$0].isSuccess }) else { return [] }
    var lines: [String] = []
    for (index, ending) in endings.enumerated() where !ending.isSuccess {
      let name = toolchains[index]
      switch ending {
      case .gaveUp:
        // Each line the solver gave up on with this toolchain, where another solved it.
        for row in rows where row.atLimit[index] {
          guard
            let other = toolchains.indices.first(where: {
              $0 != index && !row.atLimit[$0] && row.scopes[$0] != nil
            }), let scopes = row.scopes[other]
          else { continue }
          let lower = row.scopes[index].map { " (≥ \(ScopeRanking.grouped($0)) scopes)" } ?? ""
          lines.append(
            "\(ScopeRanking.display(row.file, base: base)):\(row.line): solves in \(ScopeRanking.grouped(scopes)) scopes with \(toolchains[other]), "
              + "where \(name) gives up\(lower)")
        }
      default:
        let largest = rows.filter { $0.scopes[solver] != nil }.max {
          ($0.scopes[solver] ?? 0, $1.line) < ($1.scopes[solver] ?? 0, $0.line)
        }
        let solved =
          largest.map {
            "\(ScopeRanking.display($0.file, base: base)):\($0.line): solves in \(ScopeRanking.grouped($0.scopes[solver] ?? 0)) scopes with "
              + toolchains[solver]
          } ?? "type-checks with \(toolchains[solver])"
        lines.append("\(solved), where \(name) \(ending.clause)")
      }
    }
    return lines
  }
}
