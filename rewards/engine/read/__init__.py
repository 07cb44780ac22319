"""The open-world reader: region, tokens, candidates, commitment (issue 42)."""
