extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  var trimmingWhitespace: String {
    let characters = Array(self)
    var start = 0
    var end = characters.count
    while start < end && (characters[start] == " " || characters[start] == "\t") { start += 1 }
    while end > start && (characters[end - 1] == " " || characters[end - 1] == "\t") { end -= 1 }
    return String(characters[start..<end])
  }
}
