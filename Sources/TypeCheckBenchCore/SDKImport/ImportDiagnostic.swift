import Foundation

/// One `error:` line swiftc printed while building a module from an interface: where, and what it said.
public struct ImportDiagnostic: Sendable, Equatable {
  public var file: String
  public var position: InterfaceText.Position
  public var message: String
  /// The notes swiftc printed after the error (with `-diagnostic-style llvm`, one a line).
  public var notes: [String] = []

  public init(file: String, position: InterfaceText.Position, message: String, notes: [String] = []) {
    self.file = file
    self.position = position
    self.message = message
    self.notes = notes
  }

  /// Every located `FILE:L:C: error: MESSAGE` line in `output`, once each (swiftc repeats some), in order.
  public static func errors(in output: String) -> [ImportDiagnostic] {
    var seen = Set<String>()
    var result: [ImportDiagnostic] = []
    var keep = false
    for line in output.split(separator: "\n") {
      if let note = line.range(of: ": note: ") {
        if keep, !result.isEmpty { result[result.count - 1].notes.append(String(line[note.upperBound...])) }
        continue
      }
      // Source lines and carets between an error and its notes keep the notes with it; another diagnostic ends it.
      if line.contains(": warning: ") || line.contains(": remark: ") { keep = false }
      guard let marker = line.range(of: ": error: ") else { continue }
      keep = false
      let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
      guard location.count >= 3, let lineNumber = Int(location[location.count - 2]),
        let column = Int(location[location.count - 1])
      else { continue }
      let file = location.dropLast(2).joined(separator: ":")
      guard seen.insert(String(line)).inserted else { continue }
      keep = true
      result.append(
        ImportDiagnostic(
          file: file, position: .init(line: lineNumber, column: column),
          message: String(line[marker.upperBound...])))
    }
    return result
  }

  /// The first unlocated `error:` line in `output` (`<unknown>:0: error: …`, `error: …`), for a build that failed
  /// without saying where.
  public static func firstUnlocated(in output: String) -> String? {
    for line in output.split(separator: "\n") where line.contains("error: ") {
      if errors(in: String(line)).isEmpty {
        return String(line[line.range(of: "error: ")!.upperBound...])
      }
    }
    return nil
  }
}
