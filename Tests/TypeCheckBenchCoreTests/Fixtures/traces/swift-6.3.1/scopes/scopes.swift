struct Item {
  var name: String
  var price: Double
  var count: Int
}
let items = [Item(name: "a", price: 1.5, count: 2), Item(name: "b", price: 2.25, count: 3)]
let mixed = 1 + 2.0 * 3 - 4
let light = 1 + 2 * 3 - 4 / 5 + 6
func summary(_ items: [Item]) -> String {
  let names = items.filter { $0.count > 1 }.map { item -> String in
    let label = item.name.uppercased()
    return label + ":" + String(item.count)
  }
  return names.joined(separator: ", ")
}
@resultBuilder enum ListBuilder {
  static func buildBlock(_ parts: [String]...) -> [String] { parts.flatMap { $0 } }
  static func buildExpression(_ text: String) -> [String] { [text] }
  static func buildEither(first: [String]) -> [String] { first }
  static func buildEither(second: [String]) -> [String] { second }
}
func list(@ListBuilder _ make: () -> [String]) -> [String] { make() }
let built = list {
  "one"
  if items.count > 1 { "two" } else { "none" }
  "three"
}
struct Lazy {
  var doubled = 2 * 21 + 1
}
let lazyValue = Lazy().doubled * 3
