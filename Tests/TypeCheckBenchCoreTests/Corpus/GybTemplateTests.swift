import Testing

@testable import TypeCheckBenchCore

@Suite struct GybTemplateTests {
  @Test func rendersLoopsAssignmentsAndSubstitutions() throws {
    let template = try GybTemplate(
      source: """
        // RUN: %scale-test %s
        % half = N // 2
        let a = ${str(list(range(half)))}
        %for i in range(1, N):
          %  for j in range(0, 4, 2):
        x${i}_${j} = ${i * 10 + j - (N - 1) % 3}
          %  end
        % end
        cost: $$5, %% kept
        %%literal
        """)
    // Worked by hand for N = 3: half = 1; i in 1, 2; j in 0, 2; (N - 1) % 3 = 2. `%%` is `%` anywhere on a line,
    // as gyb 1.0.2 renders it.
    #expect(
      try template.render(["N": 3]) == """
        // RUN: %scale-test %s
        let a = [0]
        x1_0 = 8
        x1_2 = 10
        x2_0 = 18
        x2_2 = 20
        cost: $5, % kept
        %literal
        """)
  }

  /// `%if`/`%elif`/`%else` and `%` within a line, compared with what gyb 1.0.2 (PyPI) rendered from the same template
  /// with `-DN=5` (`range(1, int(N))` there, since gyb binds -D values as strings).
  @Test func rendersConditionalsAndLiteralPercentAsGybDoes() throws {
    let template = try GybTemplate(
      source: """
        inline %{ code }% here
        "%{i}" : x
        %for i in range(1, N):
          %if i % 2 == 0:
        A${i}
          %elif i == 3:
        B
          %else:
        C${i}
          %end
        %end
        """)
    #expect(
      try template.render(["N": 5]) == """
        inline %{ code }% here
        "%{i}" : x
        C1
        A2
        B
        A4
        """)
    let comparisons = try GybTemplate(
      source: """
        %for i in range(0, 3):
        %if i != 1:
        ne${i}
        %end
        %if (i + 1) * 2 >= 4:
        ge${i}
        %end
        %if i:
        truthy${i}
        %end
        %end
        """)
    #expect(try comparisons.render([:]) == "ne0\nge1\ntruthy1\nne2\nge2\ntruthy2")
  }

  @Test func keepsTheFinalLineBreakAsWritten() throws {
    #expect(try GybTemplate(source: "a\n%for i in range(N):\n${i}\n%end\n").render(["N": 2]) == "a\n0\n1\n")
    #expect(try GybTemplate(source: "a\n%for i in range(N):\n${i}\n%end").render(["N": 2]) == "a\n0\n1")
  }

  @Test func followsPythonIntegerRules() throws {
    let template = try GybTemplate(
      source: "${-7 // 2} ${-7 % 3} ${7 % -3} ${2 * -(3 - 5)} ${str(list(range(5, 0, -2)))}")
    #expect(try template.render([:]) == "-4 2 -2 4 [5, 3, 1]")
  }

  /// Constructs outside the subset are refused with their line and column, never rendered.
  @Test(arguments: [
    ("%{ x = 1 }%\n", "Python block %{ }%", 1, 1),
    ("a\n%for i in xrange(N):\n%end\n", "xrange()", 2, 11),
    ("%if N and N:\n%end\n", "'and' in a condition", 1, 7),
    ("%if 1 < N < 3:\n%end\n", "chained comparison", 1, 11),
    ("%if N:\n%elif N = 2:\n%end\n", "'=' in a condition", 2, 9),
    ("%while N:\n", "while statement", 1, 2),
    ("${N / 2}\n", "/ (true division)", 1, 5),
    ("${N ** 2}\n", "** (power)", 1, 5),
    ("${len(N)}\n", "len()", 1, 3),
    ("%for i in [1, 2]:\n%end\n", "'['", 1, 11),
    ("%for i in N:\n%end\n", "loop over 'N' (only range(…) is supported)", 1, 11),
    ("x = ${1.5}\n", "number '1.…'", 1, 7),
  ])
  func refusesConstructsOutsideTheSubset(source: String, construct: String, line: Int, column: Int) {
    #expect(throws: GybError(.unsupported, construct, line: line, column: column)) {
      _ = try GybTemplate(source: source).render(["N": 3])
    }
  }

  @Test func reportsBrokenTemplatesAsMalformed() {
    #expect(throws: GybError(.malformed, "unterminated %for", line: 2, column: 4)) {
      _ = try GybTemplate(source: "a\n  %for i in range(N):\n${i}\n")
    }
    #expect(throws: GybError(.malformed, "%end without an open %for or %if", line: 1, column: 2)) {
      _ = try GybTemplate(source: "%end\n")
    }
    #expect(throws: GybError(.malformed, "unterminated %if", line: 1, column: 2)) {
      _ = try GybTemplate(source: "%if N:\n${N}\n")
    }
    #expect(throws: GybError(.malformed, "%else without an open %if", line: 2, column: 3)) {
      _ = try GybTemplate(source: "%for i in range(N):\n %else:\n%end\n")
    }
    #expect(throws: GybError(.malformed, "%elif after %else", line: 3, column: 2)) {
      _ = try GybTemplate(source: "%if N:\n%else:\n%elif N:\n%end\n")
    }
    #expect(throws: GybError(.malformed, "undefined name 'M'", line: 1, column: 3)) {
      _ = try GybTemplate(source: "${M}\n").render(["N": 1])
    }
    #expect(throws: GybError(.malformed, "range() step of 0", line: 1, column: 2)) {
      _ = try GybTemplate(source: "%for i in range(0, N, 0):\n%end\n").render(["N": 1])
    }
  }

  @Test func descriptionNamesConstructAndPlace() {
    #expect(GybError(.unsupported, "xrange()", line: 3, column: 11).description == "unsupported: xrange() at 3:11")
    #expect(
      GybError(.malformed, "unterminated %for", line: 6, column: 2).description == "gyb: unterminated %for at 6:2")
  }

  // MARK: - Bounded reading and rendering (issue 33: each of these crashed bench or exhausted the machine)

  /// 100,000 nested parentheses (or unary minus signs) are refused at the 201st level instead of overflowing the
  /// stack; 200 levels still read.
  @Test func nestingBeyondTheLimitIsRefused() throws {
    let deep = String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000)
    let limit = GybTemplate.maximumNesting
    #expect(throws: GybError(.malformed, "expression nested deeper than \(limit) levels", line: 1, column: 3 + limit)) {
      _ = try GybTemplate(source: "${\(deep)}\n")
    }
    #expect(throws: GybError(.malformed, "expression nested deeper than \(limit) levels", line: 1, column: 3 + limit)) {
      _ = try GybTemplate(source: "${" + String(repeating: "-", count: 200_000) + "1}\n")
    }
    let deepest = String(repeating: "(", count: limit - 1) + "7" + String(repeating: ")", count: limit - 1)
    #expect(try GybTemplate(source: "${\(deepest)}").render([:]) == "7")
  }

  /// A long sum is a flat chain: neither its reading nor its evaluation nests (100,000 terms, worked by hand).
  @Test func aLongChainEvaluatesWithoutNesting() throws {
    let sum = Array(repeating: "1", count: 100_000).joined(separator: " + ")
    #expect(try GybTemplate(source: "${\(sum)}").render([:]) == "100000")
    #expect(try GybTemplate(source: "${100 - 1 - 2 * 3 // 2 + 7 % 4}").render([:]) == "99")
  }

  /// `%for` nests at most 20 loops, as Python's blocks do.
  @Test func loopsNestAtMostTwentyDeep() throws {
    func nested(_ depth: Int) -> String {
      (0..<depth).map { "%for i\($0) in range(1):\n" }.joined() + "x\n" + String(repeating: "%end\n", count: depth)
    }
    #expect(try GybTemplate(source: nested(20)).render([:]) == "x\n")
    #expect(throws: GybError(.malformed, "%for nested deeper than 20 blocks", line: 21, column: 2)) {
      _ = try GybTemplate(source: nested(50_000))
    }
  }

  /// Python's floor division and remainder by -1 of the smallest integer: // overflows 64 bits (reported, as `+`
  /// and `*` are), % is 0; Swift's own operators trap on both.
  @Test func divisionOfTheSmallestIntegerByMinusOne() throws {
    #expect(throws: GybError(.malformed, "integer overflow", line: 1, column: 30)) {
      _ = try GybTemplate(source: "${(-9223372036854775807 - 1) // -1}").render([:])
    }
    #expect(try GybTemplate(source: "${(-9223372036854775807 - 1) % -1}").render([:]) == "0")
    #expect(try GybTemplate(source: "${7 // -1} ${-7 % -1}").render([:]) == "-7 0")
  }

  /// `list(range(1000000000))` is refused before a single element is built (it grew bench to 24 GB), and so is a
  /// list that fits the step budget but not the output left.
  @Test func aListLargerThanTheOutputIsRefusedBeforeItIsBuilt() throws {
    #expect(
      throws: GybError(
        .malformed, "range() of 1000000000 values: rendering takes more than 10000000 steps", line: 1, column: 3)
    ) {
      _ = try GybTemplate(source: "${list(range(1000000000))}").render([:])
    }
    #expect(
      throws: GybError(.malformed, "list(range()) of 400 values: output larger than 1000 bytes", line: 2, column: 3)
    ) {
      _ = try GybTemplate(source: "a\n${list(range(400))}").render([:], limit: 1000)
    }
    #expect(try GybTemplate(source: "${list(range(3))}").render([:], limit: 1000) == "[0, 1, 2]")
  }

  /// A loop that writes nothing still ends: a billion iterations are refused before the first, and nested loops
  /// whose product is beyond the budget stop when they reach it.
  @Test func aRenderingTakesBoundedSteps() throws {
    #expect(
      throws: GybError(
        .malformed, "range() of 1000000000000 values: rendering takes more than 10000000 steps", line: 1, column: 2)
    ) {
      _ = try GybTemplate(source: "%for i in range(1000000000000):\n%end\n").render([:])
    }
    let nested = "%for i in range(100):\n%for j in range(100):\n%end\n%end\n"
    #expect(
      throws: GybError(.malformed, "range() of 100 values: rendering takes more than 1000 steps", line: 2, column: 2)
    ) {
      _ = try GybTemplate(source: nested).render([:], steps: 1000)
    }
    #expect(try GybTemplate(source: nested).render([:], steps: 20_000) == "")
    // Worked by hand: range(-3, 10, 4) is -3, 1, 5, 9; range(10, -3, -4) is 10, 6, 2, -2.
    #expect(GybExpression.count(from: -3, to: 10, by: 4) == 4)
    #expect(GybExpression.count(from: 10, to: -3, by: -4) == 4)
    #expect(GybExpression.count(from: Int.min, to: Int.max, by: 1) == Int.max)
    #expect(GybExpression.count(from: 5, to: 5, by: 1) == 0)
  }

  /// The output limit names the line that crossed it (it said "at 0:0"), also for a value assigned earlier and
  /// substituted many times on one line.
  @Test func theOutputLimitNamesItsLine() throws {
    #expect(throws: GybError(.malformed, "output larger than 100 bytes", line: 3, column: 1)) {
      _ = try GybTemplate(source: "a\n%for i in range(1000):\nline ${i}\n%end\n").render([:], limit: 100)
    }
    let repeated = "% x = str(list(range(20)))\n" + String(repeating: "${x}", count: 10_000) + "\n"
    #expect(throws: GybError(.malformed, "output larger than 1000 bytes", line: 2, column: 1)) {
      _ = try GybTemplate(source: repeated).render([:], limit: 1000)
    }
    #expect(
      GybError(.malformed, "output larger than 100 bytes", line: 2, column: 1).placed
        == "output larger than 100 bytes at 2:1")
  }
}
