import Testing

@testable import Generators

/// `SDKSurface`'s names pinned to a record of where each was found in the iOS 18.0 SDK interfaces, read by hand
/// (public mirror `xybp888/iOS-SDKs` at commit 88fdca9de873, `iPhoneOS18.0.sdk/System/Library/Frameworks/
/// {SwiftUI,SwiftUICore,Charts}.framework/Modules/*.swiftmodule/arm64e-apple-ios.swiftinterface`, all three read in
/// full; docs/fidelity.md summarizes the reading). Each record names how the generated `--framework sdk` cases spell
/// the name and, in our words, the declaration that accepts that spelling. A name added to the cases, or a spelling
/// changed, fails here until someone checks it against the interfaces and records it.
@Suite struct SDKSurfaceInterfaceTests {
  struct Record {
    /// The name as `SDKSurface` lists it.
    var name: String
    /// Text that occurs in at least one generated SDK case body, so the labels checked are the ones used.
    var spellings: [String]
    /// Where the interfaces declare what accepts the spelling (approximate character offset), or nil while unchecked.
    var found: String?
  }

  static let records: [Record] = [
    Record(
      name: "View", spellings: ["struct CaseView: View", "some View"],
      found:
        "SwiftUICore ~602,000: protocol View (@MainActor, @ViewBuilder var body); Text: View at ~262,000, "
        + "Group: View at ~128,000"),
    Record(
      name: "Text", spellings: ["Text(\"leaf", "Text(\"\\(s0)\")", "Text(title)"],
      found:
        "SwiftUICore ~236,000: init(_ key: LocalizedStringKey, tableName:bundle:comment:) with defaults; "
        + "LocalizedStringKey interpolates an Int (_FormatSpecifiable). SwiftUICore ~812,000: struct Text, "
        + "@_disfavoredOverload init<S: StringProtocol>(_ content: S), which Text(title) takes for a String"),
    Record(
      name: "Group", spellings: ["Group {"],
      found: "SwiftUICore ~128,000: extension Group: View, init(@ViewBuilder content:)"),
    Record(
      name: "Section", spellings: ["Section {"],
      found: "SwiftUI ~580,000: init(@ViewBuilder content:) where Parent == EmptyView, Footer == EmptyView"),
    Record(
      name: "ForEach", spellings: ["ForEach(rows) {"],
      found:
        "SwiftUICore ~749,000: extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: "
        + "Identifiable, init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)"),
    Record(
      name: "List", spellings: ["List {"],
      found: "SwiftUI ~336,000-368,000: extension List where SelectionValue == Never, init(@ViewBuilder content:)"),
    Record(
      name: "State", spellings: ["State<Int>", "@State private var"],
      found:
        "SwiftUICore ~702,000: @frozen @propertyWrapper struct State<Value>: DynamicProperty, "
        + "init(wrappedValue value: Value)"),
    Record(
      name: "initialValue", spellings: ["State(initialValue:"],
      found: "SwiftUICore ~702,000: State.init(initialValue value: Value), always emitted into the client"),
    Record(
      name: "wrappedValue", spellings: ["_s0.wrappedValue", "nonmutating set { _s0.wrappedValue = newValue }"],
      found: "SwiftUICore ~702,000: State.wrappedValue: Value { get nonmutating set }"),
    Record(
      name: "id", spellings: ["public var id: Int", "id: \\.index"],
      found: "Swift's Identifiable requirement; Charts ~0: Chart.init(_ data:, id: KeyPath, content:)"),
    Record(
      name: "blue", spellings: [".foregroundStyle(.blue)"],
      found: "SwiftUICore ~341,000: extension ShapeStyle where Self == Color, static var blue"),
    Record(
      name: "green", spellings: [".foregroundStyle(.green)"],
      found: "SwiftUICore ~341,000: extension ShapeStyle where Self == Color, static var green"),
    Record(
      name: "red", spellings: [".foregroundStyle(.red)"],
      found: "SwiftUICore ~341,000: extension ShapeStyle where Self == Color, static var red"),
    Record(
      name: "storageRestrictions", spellings: ["@storageRestrictions(initializes:"],
      found: "the Swift language (init accessors, SE-0400), not the SDK"),
    Record(
      name: "initializes", spellings: ["initializes: _s0"],
      found: "the Swift language (init accessors, SE-0400), not the SDK"),
    Record(
      name: "Chart", spellings: ["Chart(dataPoints, id: \\.index) {"],
      found: "Charts ~0: init<Data, ID, C>(_ data:, id: KeyPath<Data.Element, ID>, @ChartContentBuilder content:)"),
    Record(
      name: "ChartContent", spellings: ["some ChartContent"],
      found: "Charts ~16,000: protocol ChartContent, @ChartContentBuilder var body"),
    Record(
      name: "ChartContentBuilder", spellings: ["@ChartContentBuilder"],
      found: "Charts ~80,000: @_functionBuilder public struct ChartContentBuilder"),
    Record(
      name: "LineMark", spellings: ["LineMark(x: .value("],
      found: "Charts ~96,000: init<X, Y>(x: PlottableValue<X>, y: PlottableValue<Y>)"),
    Record(
      name: "value", spellings: [".value(\"X\", dataPoint.index)"],
      found: "Charts ~80,000: PlottableValue.value(_ labelKey: LocalizedStringKey, _ value:)"),
    Record(
      name: "foregroundStyle", spellings: [".foregroundStyle(."],
      found: "Charts ~80,000: ChartContent.foregroundStyle<S: ShapeStyle>(_ style: S)"),
    Record(
      name: "x", spellings: ["LineMark(x:"], found: "Charts ~96,000: LineMark.init(x:y:)"),
    Record(
      name: "y", spellings: [", y: .value("], found: "Charts ~96,000: LineMark.init(x:y:)"),
  ]

  @Test func everyListedNameHasOneRecordAndEveryRecordIsListed() {
    let listed = SDKSurface.swiftUI.union(SDKSurface.charts)
    let recorded = Self.records.map(\.name)
    #expect(Set(recorded).count == recorded.count, "a name recorded twice")
    #expect(
      Set(recorded) == listed,
      "unrecorded: \(listed.subtracting(recorded).sorted()); stale: \(Set(recorded).subtracting(listed).sorted())")
  }

  @Test func everyRecordedSpellingIsOneTheCasesUse() {
    let bodies = SDKSurfaceTests.everyShape.map { CaseGenerator.generate($0).source }
    for record in Self.records {
      for spelling in record.spellings {
        #expect(bodies.contains { $0.contains(spelling) }, "\(record.name): no SDK case spells '\(spelling)'")
      }
    }
  }

  /// Every name is checked: the interfaces were read in full, and docs/fidelity.md says no name was left unchecked.
  @Test func everyNameIsChecked() {
    let unchecked = Set(Self.records.filter { $0.found == nil }.map(\.name))
    #expect(unchecked.isEmpty, "unchecked: \(unchecked.sorted())")
  }
}
