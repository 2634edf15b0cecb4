import Foundation
import Generators
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// The state family's generated cases type-check cleanly in both forms and both models.
@Suite struct StateFamilyValidityTests {
  @Test(arguments: StateForm.allCases)
  func typeChecksCleanly(form: StateForm) throws {
    let swiftc = try ToolchainLocator.locateSwiftc()
    let folder = try TemporaryDirectory()
    for model in BuilderModel.allCases {
      let generated = CaseGenerator.generate(
        CaseSpec(family: .state, model: model, states: 5, stateForm: form), form: .inline)
      let file = try folder.file(generated.fileName, generated.source)
      // -emit-sil runs definite initialisation too, which checks the init accessors' order.
      let result = try ProcessRunner.run(swiftc, ["-emit-sil", "-o", "/dev/null", file.path], timeout: 120)
      #expect(result.status.isSuccess, "\(generated.fileName): \(result.stderrText.prefix(600))")
    }
  }
}
