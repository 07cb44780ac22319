def label() -> str:
    return "user bench"
