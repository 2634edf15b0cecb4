/// Splits a RUN line into words as lit's shell does for these lines: spaces separate, single and double quotes group.
enum LitWords {
  static func split(_ text: String) throws(CorpusRunLine.Problem) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character?
    for character in text {
      if let open = quote {
        if character == open {
          quote = nil
        } else {
          current.append(character)
        }
        continue
      }
      if character == "\"" || character == "'" {
        quote = character
        inWord = true
      } else if character == " " || character == "\t" {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(character)
        inWord = true
      }
    }
    guard quote == nil else { throw .error("unterminated quote in RUN line") }
    if inWord { words.append(current) }
    return words
  }
}
