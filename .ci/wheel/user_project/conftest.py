# the user's project root on sys.path (their own bench/ and rewards.py), as in any project laid out this way
