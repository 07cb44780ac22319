"""Head-to-head of rewardcheck's checker and the peer reward auditors on planted-fault rewards (issue 43)."""
