// A switch of N cases directly in a view's builder body (inside a Group, as a view body would hold it).
//   bench run --template examples/templates/switch-view.swift --param N=2,4,8,16,32
import SwiftUI

struct SwitchView: View {
  var selection: Int

  var body: some View {
    Group {
      switch selection {
      {{#repeat N}}
      case {{i}}:
        Text("Option {{i}}")
      {{/repeat}}
      default:
        Text("None")
      }
    }
  }
}
