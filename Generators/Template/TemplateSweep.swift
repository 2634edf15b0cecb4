/// `--template FILE` with its `--param NAME=VALUES`: a user's template swept over the grid of its parameters.
public struct TemplateSweep: Sendable, Equatable {
  /// One `--param`: a parameter name and its values, ascending.
  public struct Parameter: Sendable, Equatable {
    public var name: String
    public var values: [Int]

    public init(name: String, values: [Int]) {
      self.name = name
      self.values = values
    }
  }

  public var path: String
  public var name: String
  public var text: String
  public var hash: String
  /// In the order given on the command line.
  public var parameters: [Parameter]
  /// The parameter on the x axis: the first `--param` with several values (else the first).
  public var axis: String
  public var imports: TemplateImports

  public init(path: String, name: String, text: String, hash: String, parameters: [Parameter], axis: String) {
    self.path = path
    self.name = name
    self.text = text
    self.hash = hash
    self.parameters = parameters
    self.axis = axis
    imports = TemplateImports(text)
  }

  /// Every instance of the grid, the models of one parameter set adjacent.
  public func cases(models: [BuilderModel]) -> [CaseSpec] {
    var grids: [[TemplateParameter]] = [[]]
    for parameter in parameters {
      grids = grids.flatMap { prefix in
        parameter.values.map { prefix + [TemplateParameter(name: parameter.name, value: $0)] }
      }
    }
    return grids.flatMap { instances($0, models: models) }
  }

  /// How many instances `cases` lists.
  public func caseCount(models: [BuilderModel]) -> Int {
    CaseSweep.product(parameters.map(\.values.count) + [models.count])
  }

  /// The smallest and the largest instance of each model: every parameter at its first, then its last value.
  public func extremes(models: [BuilderModel]) -> [CaseSpec] {
    let smallest = parameters.map { TemplateParameter(name: $0.name, value: $0.values.first!) }
    let largest = parameters.map { TemplateParameter(name: $0.name, value: $0.values.last!) }
    return (smallest == largest ? [smallest] : [smallest, largest]).flatMap { instances($0, models: models) }
  }

  /// The sweep with every parameter at its largest value only.
  public var largest: TemplateSweep {
    var top = self
    top.parameters = parameters.map { Parameter(name: $0.name, values: $0.values.max().map { [$0] } ?? $0.values) }
    return top
  }

  private func instances(_ values: [TemplateParameter], models: [BuilderModel]) -> [CaseSpec] {
    models.map { model in
      CaseSpec(
        family: .template, model: model,
        template: TemplateCase(name: name, text: text, hash: hash, parameters: values, axis: axis))
    }
  }
}
