/// TN3211's source incompatibilities that the miniature frameworks can express, each with its observed diagnostic.
///
/// Left out: the three `@State` initialisation items other than composed wrappers. Written out with init accessors
/// (`@storageRestrictions(initializes: _counter)`), assigning the state before other stored properties compiles
/// (definite initialisation lets an init accessor run early), and the private memberwise initializer is synthesized
/// for init-accessor properties, so neither reproduces what the real macro does; the real expansion is not public.
public enum CompatCorpus {
  /// Every case, in the technote's order.
  public static let cases: [CompatCase] = [
    overlayOpacity, backgroundBlendMode, moduleColorClear, emptyNestedBlock, excludedConditionalBlock,
    tupleViewNestedGeneric, stateComposedWrapper,
  ]

  /// Every reproducer of every case, case by case (per-kind, unified, fix).
  public static var reproducers: [CompatReproducer] { cases.flatMap(\.reproducers) }

  private static let closureFormNote =
    "The technote's closure form (.overlay { Color.blue.opacity(0.3).blendMode(.overlay) }, likewise .background) "
    + "stays ambiguous in the miniature (observed: the same error): the unconstrained builder type-checks the "
    + "closure body on its own. The fix used selects the ShapeStyle overload by its label instead."

  static let overlayOpacity = shapeStyleCase(
    id: "overlay-shape-style-opacity", member: "opacity", modifier: "overlay",
    style: "Color.blue.opacity(0.70).blendMode(.overlay)")

  static let backgroundBlendMode = shapeStyleCase(
    id: "background-shape-style-blend-mode", member: "blendMode", modifier: "background",
    style: "Color.blue.blendMode(.multiply)")

  /// A ShapeStyle expression passed to `overlay` or `background`: ambiguous (in `member`) under the unconstrained
  /// builder; the fix picks the ShapeStyle overload by its `ignoresSafeAreaEdges:` label.
  private static func shapeStyleCase(id: String, member: String, modifier: String, style: String) -> CompatCase {
    CompatCase(
      id: id, title: "Use the closure-based forms of background and overlay for ShapeStyle expressions",
      technoteDiagnostic: "ambiguous use of '\(member)'", expectedDiagnostic: "ambiguous use of '\(member)'",
      note: closureFormNote, declarations: [.shapeStyles],
      code: textView(modified: ".\(modifier)(\(style))"),
      fixCode: textView(modified: ".\(modifier)(\(style), ignoresSafeAreaEdges: .all)"))
  }

  /// A view whose body is `Text("Hello")` with one modifier line.
  private static func textView(modified modifier: String) -> String {
    """
    struct ContentView: View {
      var body: some View {
        Text("Hello")
          \(modifier)
      }
    }
    """
  }

  static let moduleColorClear = CompatCase(
    id: "module-color-clear",
    title: "Disambiguate types and members that collide across modules",
    technoteDiagnostic: "ambiguous use of 'clear'", expectedDiagnostic: "ambiguous use of 'clear'",
    declarations: [.shapeStyles],
    otherModule: CompatModule(
      name: "MyPackage",
      source: """
        public struct Color {
          public init() {}
          public static let clear = Color()
        }

        """),
    code: """
      struct ContentView: View {
        var body: some View {
          Color.clear
        }
      }
      """,
    fixCode: """
      struct ContentView: View {
        var body: some View {
          \(CompatCase.frameworkModuleName).Color.clear
        }
      }
      """)

  static let emptyNestedBlock = CompatCase(
    id: "empty-nested-block-map-content",
    title: "Provide an explicit empty content value in nested builders when MapKit is in scope",
    technoteDiagnostic: "return type of property 'body' requires that 'EmptyMapContent' conform to 'View'",
    expectedDiagnostic: "return type of property 'body' requires that 'EmptyMapContent' conform to 'View'",
    declarations: [.mapKit],
    code: """
      struct ContentView: View {
        var body: some View {
          Group { }
        }
      }
      """,
    fixCode: """
      struct ContentView: View {
        var body: some View {
          Group {
            EmptyContent()
          }
        }
      }
      """)

  static let excludedConditionalBlock = CompatCase(
    id: "excluded-if-block-map-content",
    title: "Provide an explicit empty content value in nested builders when MapKit is in scope (#if)",
    technoteDiagnostic: "return type of property 'body' requires that 'EmptyMapContent' conform to 'View'",
    expectedDiagnostic: "return type of property 'body' requires that 'EmptyMapContent' conform to 'View'",
    declarations: [.mapKit],
    code: """
      struct ContentView: View {
        var body: some View {
          Group {
            #if MY_CONDITION
            Text("only with MY_CONDITION")
            #endif
          }
        }
      }
      """,
    fixCode: """
      struct ContentView: View {
        var body: some View {
          Group {
            #if MY_CONDITION
            Text("only with MY_CONDITION")
            #else
            EmptyContent()
            #endif
          }
        }
      }
      """)

  private static func cardView(constraint: String, content: String) -> String {
    """
    struct CardView<Content: View>: View {
      var content: Content
      var body: some View { content }
      init(@ViewBuilder content: () -> Content) {
        self.content = content()
      }
    }

    extension CardView where Content == \(constraint) {
      init(title: String, subtitle: String) {
        self = CardView {
          VStack {
    \(content)
          }
        }
      }
    }
    """
  }

  static let tupleViewNestedGeneric = CompatCase(
    id: "tuple-view-nested-generic",
    title: "Update generic constraints that reference TupleView",
    technoteDiagnostic:
      "cannot convert value of type 'VStack<TupleContent<Text, Text>>' to expected argument type "
      + "'VStack<TupleView<(Text, Text)>>'",
    expectedDiagnostic:
      "conflicting arguments to generic parameter 'Content' ('VStack<TupleView<(Text, Text)>>' vs. "
      + "'VStack<TupleContent<Text, Text>>')",
    note: "Swift 6.3.1 reports the same mismatch of VStack<TupleView<…>> and VStack<TupleContent<…>> as conflicting "
      + "generic arguments rather than as a failed conversion.",
    declarations: [.stacks],
    code: cardView(
      constraint: "VStack<TupleView<(Text, Text)>>", content: "        Text(title)\n        Text(subtitle)"),
    fixCode: cardView(
      constraint: "VStack<TupleContent<Text, Text>>", content: "        Text(title)\n        Text(subtitle)"))

  private static let clamped = #"""
    @propertyWrapper
    struct Clamped {
      var value: Int
      init(wrappedValue: Int) { value = min(max(wrappedValue, 0), 10) }
      var wrappedValue: Int {
        get { value }
        set { value = min(max(newValue, 0), 10) }
      }
    }

    """#

  static let stateComposedWrapper = CompatCase(
    id: "state-composed-wrapper",
    title: "Avoid composing additional property wrappers with @State",
    technoteDiagnostic: "invalid redeclaration of synthesized property '_counter'",
    expectedDiagnostic: "invalid redeclaration of synthesized property '_counter'",
    note: "The per-kind column uses @State as a property wrapper (Xcode 26); the unified and fix columns write out "
      + "the @State macro's expansion (backing storage _counter), since the miniature has no macro plugin.",
    declarations: [.state],
    code: clamped + #"""
      struct ContentView: View {
        @State @Clamped private var counter = 0

        var body: some View { Text("\(counter)") }
      }
      """#,
    unifiedCode: clamped + #"""
      struct ContentView: View {
        // @Clamped @State private var counter = 0, with @State's expansion written out beside the other wrapper:
        private var _counter: State<Int> = State(initialValue: 0)
        @Clamped private var counter = 0

        var body: some View { Text("\(counter)") }
      }
      """#,
    fixCode: #"""
      struct ContentView: View {
        // @State private var counter = 0, as the @State macro expands it:
        private var _counter: State<Int> = State(initialValue: 0)
        private var counter: Int {
          @storageRestrictions(initializes: _counter)
          init(initialValue) { _counter = State(initialValue: initialValue) }
          get { _counter.wrappedValue }
          nonmutating set { _counter.wrappedValue = newValue }
        }

        var body: some View { Text("\(counter)") }
      }
      """#)
}
