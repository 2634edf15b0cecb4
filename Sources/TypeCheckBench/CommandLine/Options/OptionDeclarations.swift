import Generators
import TypeCheckBenchCore

/// The options a value of declarations holds, in the order they are declared, each with its group: the name of the
/// property holding it in `options` (`sweep`, `measurement`, `toolchains`), or `group` for those declared directly.
/// Groups nest as structs; an array of declarations (one option per case parameter) is listed in its order.
enum OptionDeclarations {
  static func list(_ options: Any, group: String) -> [OptionSpec] {
    var result: [OptionSpec] = []
    for child in Mirror(reflecting: options).children {
      if let declaration = child.value as? any OptionDeclaration {
        var spec = declaration.spec
        spec.group = group
        result.append(spec)
        continue
      }
      let mirror = Mirror(reflecting: child.value)
      guard mirror.displayStyle == .struct || mirror.displayStyle == .collection else { continue }
      // A struct of declarations is a group named by its property; a list's elements stay in the list's group.
      let inner = mirror.displayStyle == .struct && !(child.label?.isEmpty ?? true) ? child.label! : group
      result += list(child.value, group: mirror.displayStyle == .collection ? group : inner)
    }
    return result
  }
}
