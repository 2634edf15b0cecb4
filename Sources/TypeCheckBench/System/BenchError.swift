import Foundation
import TypeCheckBenchCore

/// A failure reported to the user as one line, with the exit status it maps to.
public enum BenchError: Error, Equatable, CustomStringConvertible {
  /// Bad command-line usage (exit 64).
  case usage(String)
  /// Bad input data: a corrupted or unsupported file (exit 65).
  case data(String)
  /// The compiler could not be used, or a case failed unexpectedly (exit 70).
  case software(String)
  /// An output folder bench may not write into: not bench's, or not a folder (exit 73, EX_CANTCREAT).
  case cannotCreate(String)
  /// The file system refused (exit 74).
  case io(String)
  /// Interrupted by the user (exit 130).
  case interrupted(String)

  public var description: String {
    switch self {
    case .usage(let message), .data(let message), .software(let message), .cannotCreate(let message),
      .io(let message), .interrupted(let message):
      message
    }
  }

  /// The exit status this error maps to (`ExitStatus`, the one table).
  public var status: ExitStatus {
    switch self {
    case .usage: .usage
    case .data: .badData
    case .software: .software
    case .cannotCreate: .cannotCreate
    case .io: .io
    case .interrupted: .interrupted
    }
  }

  /// The process exit status for this error.
  public var exitStatus: Int32 { status.rawValue }

  /// A short human reason for a Foundation or POSIX error, without the framework noise.
  public static func reason(_ error: Error) -> String {
    if let bench = error as? BenchError { return bench.description }
    let ns = error as NSError
    // On Linux the underlying error is a Swift `POSIXError`, which `as? NSError` does not bridge: cast to Error.
    if let underlying = (ns.userInfo[NSUnderlyingErrorKey] as? Error).map({ $0 as NSError }),
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
    return ns.localizedDescription
  }
}
