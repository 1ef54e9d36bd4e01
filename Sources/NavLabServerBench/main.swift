print("NavLabServerBench: under construction (issue 5)")
