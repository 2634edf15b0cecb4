// A SwiftUI-style modifier chain, self-contained: each modifier wraps its content in ModifiedContent, as SwiftUI's
// do, and padding and font are overloaded. N repetitions of three modifiers.
//   bench run --template examples/templates/modifier-chain.swift --param N=2,4,8,12,16
protocol Content {}

struct Label: Content {
  var text: String
}

struct ModifiedContent<Base: Content, Modifier>: Content {
  var base: Base
  var modifier: Modifier
}

struct Padding { var length: Double }
struct Opacity { var value: Double }
struct Font { var size: Double }

extension Content {
  func padding() -> ModifiedContent<Self, Padding> { .init(base: self, modifier: Padding(length: 8)) }
  func padding(_ length: Double) -> ModifiedContent<Self, Padding> { .init(base: self, modifier: Padding(length: length)) }
  func padding(_ length: Int) -> ModifiedContent<Self, Padding> {
    .init(base: self, modifier: Padding(length: Double(length)))
  }
  func opacity(_ value: Double) -> ModifiedContent<Self, Opacity> { .init(base: self, modifier: Opacity(value: value)) }
  func font(size: Double) -> ModifiedContent<Self, Font> { .init(base: self, modifier: Font(size: size)) }
  func font(size: Int) -> ModifiedContent<Self, Font> { .init(base: self, modifier: Font(size: Double(size))) }
}

func makeLabel() -> some Content {
  Label(text: "Title")
  {{#repeat N}}
    .padding({{i}})
    .opacity(0.5)
    .font(size: {{i}} + 10)
  {{/repeat}}
}
