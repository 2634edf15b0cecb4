import Escaping

/// A minimal XML writer: one element per line, two-space indentation, escaped text and attributes.
struct XMLWriter {
  private(set) var text = ""
  private var openElements: [String] = []

  /// Writes the XML declaration.
  mutating func declaration() {
    text += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  }

  /// Opens an element that will hold children.
  mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
    open(name, Array(attributes))
  }

  mutating func open(_ name: String, _ attributes: [(key: String, value: String)]) {
    text += indentation + "<" + name + XMLWriter.attributeText(attributes) + ">\n"
    openElements.append(name)
  }

  /// Closes the innermost open element.
  mutating func close() {
    let name = openElements.removeLast()
    text += indentation + "</" + name + ">\n"
  }

  /// Writes a leaf element, self-closing when it has no text.
  mutating func element(_ name: String, _ attributes: [(key: String, value: String)], text content: String? = nil) {
    let start = indentation + "<" + name + XMLWriter.attributeText(attributes)
    if let content {
      text += start + ">" + Escaping.xml(content) + "</" + name + ">\n"
    } else {
      text += start + "/>\n"
    }
  }

  private var indentation: String { String(repeating: "  ", count: openElements.count) }

  private static func attributeText(_ attributes: [(key: String, value: String)]) -> String {
    attributes.map { " \($0.key)=\"\(Escaping.xml($0.value, quotes: true))\"" }.joined()
  }
}
