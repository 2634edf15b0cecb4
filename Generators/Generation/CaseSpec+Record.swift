extension CodingUserInfoKey {
  /// The `FamilySet` a record's cases are read against; without it, the built-in families.
  public static let caseFamilies = CodingUserInfoKey(rawValue: "TypeCheckBench.caseFamilies")!
}

/// A case in run.json: `family`, `model`, every built-in parameter of bench's first records under its record key
/// (those its family does not read at their neutral values, as records have always had them) and any later one the
/// case sets (`surface`), a family's own parameters under theirs, a template's instance as `template`, and
/// `framework` only for the SDK. A parameter a record lacks reads as its neutral value for the case's model.
extension CaseSpec: Codable {
  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { nil }
  }

  /// Reads a case; its family is one of the decoder's `caseFamilies` (the built-in ones by default) or, for a
  /// template, built from the instance the case carries. A name outside a parameter's choices is refused.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    let name = try container.decode(String.self, forKey: Key("family"))
    let model = try container.decode(BuilderModel.self, forKey: Key("model"))
    let framework = try container.decodeIfPresent(FrameworkSource.self, forKey: Key("framework")) ?? .miniature
    if let template = try container.decodeIfPresent(TemplateCase.self, forKey: Key("template")) {
      self = template.spec(model: model, framework: framework)
    } else {
      let families = decoder.userInfo[.caseFamilies] as? FamilySet ?? .builtIn
      guard let family = families.family(named: name) else {
        throw DecodingError.dataCorruptedError(
          forKey: Key("family"), in: container, debugDescription: "unknown case family '\(name)'")
      }
      self.init(family: family, model: model, framework: framework)
    }
    // Every built-in parameter whatever the family (records carry them all), then the family's own.
    for parameter in ParameterSpec.builtIn + family.descriptor.valueParameters
    where !parameter.isCaseField && values[parameter.name] == nil {
      let key = Key(parameter.recordKey)
      guard container.contains(key) else { continue }
      let value: ParameterValue =
        switch parameter.form {
        case .integers: .integer(try container.decode(Int.self, forKey: key))
        case .choices, .choice: .name(try container.decode(String.self, forKey: key))
        case .sequence: .names(try container.decode([String].self, forKey: key))
        }
      // Limits are the record validation's (it names the field and the flag); names must be known to be read.
      if parameter.limit == nil, let problem = parameter.problem(with: value) {
        throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: problem)
      }
      guard parameter.applies(value, to: model) else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container, debugDescription: "'\(value.text)', not a value of the \(model.rawValue) model")
      }
      self[parameter] = value
    }
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(family.rawValue, forKey: Key("family"))
    try container.encode(model, forKey: Key("model"))
    let own = family.descriptor.valueParameters.filter { !ParameterSpec.builtIn.contains($0) }
    let template = TemplateCase(self)
    // A parameter added after bench's first records is written only when the case sets it: a record of cases at its
    // neutral value stays byte for byte what it was.
    for parameter in ParameterSpec.builtIn + (template == nil ? own : [])
    where !parameter.isCaseField && (parameter.alwaysSpelled || sets(parameter)) {
      switch self[parameter] {
      case .integer(let number): try container.encode(number, forKey: Key(parameter.recordKey))
      case .name(let name): try container.encode(name, forKey: Key(parameter.recordKey))
      case .names(let names): try container.encode(names, forKey: Key(parameter.recordKey))
      case nil: break
      }
    }
    try container.encodeIfPresent(template, forKey: Key("template"))
    if framework != .miniature { try container.encode(framework, forKey: Key("framework")) }
  }
}
