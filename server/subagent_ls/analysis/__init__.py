"""The analysis of one document: choosing the dialect it is read in, linting it (rules, the
verdict, findings behind a YAML error), judging it for every target harness, and fixing it
under guards that no verdict gets worse."""
