/// A family of synthetic cases, each scaling one axis of builder code. A family is its descriptor, carried by every
/// case of it: its name, parameters, emitter, report wording (`FamilyDescriptor`). No registry is consulted to read
/// one: the command line knows the families it was started with (`FamilySet`), and a record names the families its
/// cases belong to.
public struct CaseFamily: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// Holds the descriptor by reference: cases are copied often and the descriptor is large.
  private final class Box: Sendable {
    let descriptor: FamilyDescriptor
    init(_ descriptor: FamilyDescriptor) { self.descriptor = descriptor }
  }

  private let box: Box

  /// The family `descriptor` declares.
  public init(_ descriptor: FamilyDescriptor) { box = Box(descriptor) }

  /// Everything about the family.
  public var descriptor: FamilyDescriptor { box.descriptor }

  /// The family's name (`nesting`), as ids, records and `--family` spell it.
  public var rawValue: String { descriptor.name }

  public var description: String { rawValue }

  /// One family per name.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

  /// The built-in families in their declared order, then any other by name.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    let order = FamilySet.builtIn.families.map(\.rawValue) + [FamilyDescriptor.templateName]
    let left = order.firstIndex(of: lhs.rawValue) ?? order.count
    let right = order.firstIndex(of: rhs.rawValue) ?? order.count
    return (left, lhs.rawValue) < (right, rhs.rawValue)
  }
}
