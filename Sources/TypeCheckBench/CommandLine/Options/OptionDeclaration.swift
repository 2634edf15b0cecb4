/// Something a command's options hold that the scanner, the help and `bench help --json` list: an `Option` or a
/// `Flag`.
public protocol OptionDeclaration: Sendable {
  var spec: OptionSpec { get }
}
