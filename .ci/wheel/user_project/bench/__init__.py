"""The user's own benchmark package: the name rewardcheck 0.1 installed over."""
