// NavLabServer: under construction in this session (issue 5).
