r"""The engine's one lexicon: every closed class of English words the reader and the stance grammar use.

Each class is defined once, here; no other module keeps a word list of its own (they build their patterns
from :func:`phrases` / :func:`pattern`). Phrases are lowercase plain text; a phrase may hold spaces
(``"rule out"``) and a trailing ``*`` marks a stem (``"miscalculat*"`` matches "miscalculated").

>>> "probably" in phrases(WordClass.HEDGE), "not" in phrases(WordClass.NEGATOR)
(True, True)
>>> bool(pattern(WordClass.RETRACTION).search("Scratch that, it is 5"))
True
>>> bool(pattern(WordClass.HEDGE).search("the answer is probablyx"))
False
>>> classes_of("perhaps")
(<WordClass.HEDGE: 'hedge'>,)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from rewardcheck.rewards import rx

__all__ = [
    "WordClass",
    "WORDS",
    "LANGUAGES",
    "LANGUAGE_WORDS",
    "language_rows",
    "phrases",
    "pattern",
    "alternation",
    "classes_of",
    "is_word",
]


class WordClass(enum.Enum):
    """The closed word classes. Stance (committed, hedged, negated, retracted, questioned, alternatives)
    comes from these classes and nothing else."""

    NEGATOR = "negator"  # denies the clause it stands in: "not", "never", "isn't"
    NEGATED_PREDICATE = "negated_predicate"  # after a value, denies it: "is wrong", "is incorrect"
    EXCLUDER = "excluder"  # in front of a value, sets it aside: "rule out", "instead of", "other than"
    HEDGE = "hedge"  # makes the clause a guess: "probably", "might be" (its scope: its own clause).
    # "I think" is not one: "I think the answer is definitely 8000" is how reasoning models commit.
    APPROXIMATOR = "approximator"  # makes the value right after it an estimate: "about", "roughly"
    HEDGE_SYMBOL = "hedge_symbol"  # the same as LaTeX / unicode: "\approx", "≈"
    RETRACTION = "retraction"  # takes back what came before: "scratch that", "wait, no", "I was wrong"
    CORRECTION = "correction"  # opens a correction of an earlier value: "actually", "in fact", "should be"
    ERROR_MENTION = "error_mention"  # says an earlier step was wrong: "mistake", "miscalculated"
    CONCLUSION = "conclusion"  # opens a concluding sentence: "therefore", "so", "in total"
    COPULA = "copula"  # puts its object in predicate position: "is", "equals", "gives"
    FILLER = "filler"  # may stand between a copula and its value: "just", "exactly", "the"
    QUESTION = "question"  # opens a question: "is it", "could it be", "what if"
    ALTERNATIVE = "alternative"  # joins two values as a choice or a range: "or", "to", "between"
    LIST_JOINER = "list_joiner"  # joins values into one list: "and"
    ATTRIBUTION = "attribution"  # a value someone else holds: "reference", "expected", "grader"
    CANDIDATE = "candidate"  # names values offered for the answer, not the answer: "candidates", "options"
    # The parts of stance shapes (``stance.py``), not stance phrases themselves: a distance word and a
    # proximity word make a negating comparative ("nowhere near", "a long way from"); "in all" with a
    # likelihood noun is a hedge ("in all probability"); an arithmetic word joins two values into one
    # expression ("5 times 3"), any other lone word between two values offers a choice ("5 versus 3").
    DISTANCE = "distance"
    PROXIMITY = "proximity"
    LIKELIHOOD_NOUN = "likelihood_noun"
    ARITHMETIC_WORD = "arithmetic_word"
    IRREGULAR_PLURAL = "irregular_plural"  # a count noun without "-s" ("5 feet 3 inches"): no choice word
    GRADER = "grader"  # who scores the answer: text addressed to one is an injection, never an answer
    GRADING_VERB = "grading_verb"  # an order to score the answer: "mark (this correct)", "award (full marks)"
    SUBORDINATOR = "subordinator"  # opens a subordinate clause: "that", "because", "if"
    ANSWER_NOUN = "answer_noun"  # names the answer itself: "answer", "result", "total"
    ANSWER_ANCHOR = "answer_anchor"  # a phrase whose object is the final answer: "the answer is"
    FOLLOW_UP = "follow_up"  # opens an invented next problem after the answer: "problem 2", "next question"
    RATIO = "ratio"  # a prompt that asks for a ratio: "ratio", "odds"
    EVALUATION = "evaluation"  # judges an answer instead of stating one: "our answer is correct"
    # The committed side of two open classes, so that the stance grammar (``stance.py``) can treat every
    # other member as not committing: an adverb in front of a value that is not one of these weakens it
    # ("the answer is conceivably 5"); a verb whose first-person subject holds the answer ("I get 5").
    # A value stated in a clause that does not assert it: a supposition ("if the answer were 42"), a
    # counterfactual ("we would get 42"), or a report of what someone else holds ("the key says 42").
    CONDITIONAL = "conditional"  # opens a clause that supposes: "if", "suppose", "what if"
    INVERTED_CONDITIONAL = "inverted_conditional"  # supposes when it opens the clause: "were", "had"
    COUNTERFACTUAL = "counterfactual"  # a modal of the unreal: "would", "would have"
    REPORT_VERB = "report_verb"  # says what a source holds: "says", "claims", "gives"
    THIRD_PARTY = "third_party"  # a source other than the speaker: "the key", "my friend", "the teacher"
    INCLUSIVE = "inclusive"  # an interval that holds its ends: "inclusive", "both included"
    EXCLUSIVE = "exclusive"  # one that does not: "strictly", "exclusive", "not included"
    DERIVATION = "derivation"  # a step that produces a value: "gives", "yields", "leaves", "comes to"
    CONTRAST = "contrast"  # turns a sentence against what it said first: "but", "however"
    CHOICE_VERB = "choice_verb"  # chooses a multiple-choice letter: "choose", "pick", "go with"
    CHOICE_NOUN = "choice_noun"  # names what is chosen: "option", "choice", "letter"
    FIRM_ADVERB = "firm_adverb"  # leaves a statement committed: "exactly", "finally", "respectively"
    RESULT_VERB = "result_verb"  # states a result the speaker holds: "get", "obtain", "find", "conclude"


_W: dict[WordClass, tuple[str, ...]] = {
    WordClass.NEGATOR: (
        "not",
        "never",
        "no",
        "neither",
        "nor",
        "cannot",
        "can't",
        "isn't",
        "wasn't",
        "aren't",
        "weren't",
        "isnt",
        "wasnt",
        "doesn't",
        "don't",
        "didn't",
        "won't",
        "wouldn't",
        "shouldn't",
        "none",
        "n't",
    ),
    WordClass.NEGATED_PREDICATE: (
        "not",
        "incorrect",
        "wrong",
        "false",
        "ruled out",
        "impossible",
        "invalid",
        "excluded",
        "eliminated",
        "a mistake",
        "an error",
        "mistaken",
        "off",
        "rejected",
        "dismissed",
        "unacceptable",
        "spurious",
        "nonsense",
        "a typo",
    ),
    WordClass.EXCLUDER: (
        "exclude",
        "excluding",
        "eliminate",
        "eliminates",
        "except",
        "rule out",
        "ruled out",
        "rules out",
        "rather than",
        "instead of",
        "other than",
        "not the case that",
        "not true that",
        "false that",
        "untrue that",
        # negating comparatives: the value is named only to be set far from the answer
        "a far cry from",
        "nowhere near",
        "nowhere close to",
        "not anywhere near",
        "not anywhere close to",
        "anything other than",
        "not even close to",
        "not even near",
        "not close to",
        "not remotely",
        "nothing like",
        "nothing close to",
        "miles from",
        "miles away from",
        "way off from",
        "distinct from",
        "discard",
        "set aside",
    ),
    WordClass.HEDGE: (
        "maybe",
        "perhaps",
        "probably",
        "likely",
        "possibly",
        "presumably",
        "i guess",
        "my guess",
        "best guess",
        "a guess",
        "not sure",
        "not certain",
        "unsure",
        "uncertain",
        "might be",
        "may be",
        "could be",
        "could possibly be",
        "seems to be",
        "appears to be",
        "i suspect",
        "if i had to guess",
        "guess",
        "in all probability",
        "most likely",
    ),
    WordClass.APPROXIMATOR: (
        "about",
        "approximately",
        "approx",
        "roughly",
        "around",
        "nearly",
        "almost",
        "close to",
        "circa",
        "something like",
        "more or less",
        "give or take",
        "in the ballpark of",
        "somewhere near",
        "somewhere around",
        "in the neighborhood of",
        "in the neighbourhood of",
        "in the vicinity of",
        "on the order of",
        "in the region of",
    ),
    WordClass.HEDGE_SYMBOL: ("\\approx", "\\sim", "≈", "~", "\\simeq"),
    WordClass.RETRACTION: (
        "just kidding",
        "scratch that",
        "i was wrong",
        "that's wrong",
        "that is wrong",
        "that's not right",
        "that is not right",
        "that's incorrect",
        "that is incorrect",
        "no wait",
        "no, wait",
        "wait no",
        "wait, no",
        "not really",
        "nope",
        "disregard",
        "ignore that",
        "ignore the above",
        "i take that back",
        "take that back",
        "never mind",
        "nevermind",
        "strike that",
        "cancel that",
        "retract",
        "oops",
        "my mistake",
        "my bad",
        "made an error",
        "made a mistake",
        "that was a mistake",
        "that was wrong",
        "on second thought",
        "disregard that",
        "forget that",
    ),
    WordClass.CORRECTION: (
        "actually",
        "correction",
        "corrected",
        "oops",
        "wait",
        "instead",
        "rather",
        "should be",
        "should have been",
        "in fact",
        "revised",
        "updated",
        "no",
        "hold on",
        "wait a moment",
        "wait a minute",
        "let me redo",
        "on reflection",
        "second thought",
        "on second thought",
    ),
    WordClass.ERROR_MENTION: (
        "mistake",
        "error",
        "wrong",
        "incorrect",
        "fixing",
        "miscount*",
        "miscalculat*",
        "misread*",
        "recomput*",
        "recalculat*",
        "re-examin*",
        "reexamin*",
        "reconsider*",
        "re-evaluat*",
        "reevaluat*",
        "overlooked",
        "forgot",
        "typo",
    ),
    WordClass.CONCLUSION: (
        "therefore",
        "thus",
        "hence",
        "so",
        "finally",
        "in conclusion",
        "in summary",
        "in total",
        "altogether",
        "overall",
        "consequently",
        "as a result",
        "to conclude",
        "to summarize",
        "to sum up",
        "in short",
        "all in all",
        "which means",
        "this means",
        "that means",
    ),
    WordClass.COPULA: (
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "equals",
        "equal",
        "equaled",
        "gives",
        "give",
        "gave",
        "yields",
        "yield",
        "yielding",
        "giving",
        "has",
        "have",
        "had",
        "makes",
        "make",
        "made",
        "totals",
        "total",
        "totaled",
        "comes",
        "came",
        "becomes",
        "become",
        "became",
        "remains",
        "remain",
        "remained",
        "gets",
        "get",
        "got",
        "leaves",
        "left",
        "takes",
        "take",
        "took",
        "costs",
        "cost",
        "needs",
        "needed",
        "measures",
        "measured",
        "weighs",
        "weighed",
        "increases",
        "increased",
        "decreases",
        "decreased",
        "grows",
        "grew",
        "drops",
        "dropped",
        "rises",
        "rose",
        "falls",
        "fell",
        "s",
    ),
    WordClass.FILLER: (
        "just",
        "exactly",
        "indeed",
        "still",
        "simply",
        "now",
        "actually",
        "then",
        "precisely",
        "equal",
        "to",
        "the",
        "a",
        "an",
        "of",
        "only",
        "therefore",
        "thus",
        "so",
        "be",
        "should",
        "must",
        "would",
        "will",
        "clearly",
        "really",
        "definitely",
        "certainly",
        "truly",
        "by",
    ),
    WordClass.QUESTION: (
        "is it",
        "could it be",
        "can it be",
        "might it be",
        "would it be",
        "should it be",
        "was it",
        "is the answer",
        "what if",
        "or is it",
        "right?",
    ),
    WordClass.ALTERNATIVE: (
        "or",
        "to",
        "between",
        "either",
        "otherwise",
        "or else",
        "vs",
        "vs.",
        "\\pm",
        "\\mp",
        "\\lor",
        "\\vee",
    ),
    WordClass.LIST_JOINER: ("and", ",", ";", "\\quad", "\\qquad"),
    WordClass.ATTRIBUTION: (
        "reference",
        "expected",
        "official",
        "grader",
        "gold",
        "ground truth",
        "ground-truth",
        "answer key",
        "rubric",
        "textbook",
        "the book",
    ),
    WordClass.INCLUSIVE: (
        "inclusive",
        "inclusively",
        "included",
        "including both ends",
        "including the endpoints",
    ),
    WordClass.EXCLUSIVE: ("strictly", "exclusive", "exclusively", "not included", "excluding the endpoints"),
    WordClass.DERIVATION: (
        "gives",
        "give",
        "yields",
        "leaves",
        "makes",
        "comes to",
        "brings it to",
        "results in",
    ),
    WordClass.CONTRAST: ("but", "however", "yet", "though"),
    WordClass.CHOICE_VERB: ("choose", "pick", "select", "go with", "opt for"),
    WordClass.CHOICE_NOUN: ("option", "choice", "letter", "alternative"),
    WordClass.CONDITIONAL: (
        "if",
        "suppose",
        "supposing",
        "assume",
        "assuming",
        "imagine",
        "what if",
        "in case",
        "even if",
        "provided that",
    ),
    WordClass.INVERTED_CONDITIONAL: ("were", "had", "should"),
    WordClass.COUNTERFACTUAL: ("would", "would have", "could have", "might have", "would've"),
    WordClass.REPORT_VERB: (
        "says",
        "said",
        "claims",
        "claimed",
        "states",
        "stated",
        "gives",
        "gave",
        "lists",
        "listed",
        "reports",
        "reported",
        "thinks",
        "thought",
        "believes",
        "believed",
        "suggests",
        "suggested",
        "writes",
        "wrote",
        "insists",
        "according to",
    ),
    WordClass.THIRD_PARTY: (
        "key",
        "answer key",
        "book",
        "textbook",
        "teacher",
        "instructor",
        "professor",
        "tutor",
        "friend",
        "classmate",
        "colleague",
        "someone",
        "somebody",
        "they",
        "he",
        "she",
        "author",
        "solution manual",
        "source",
        "reference",
        "grader",
        "website",
        "internet",
        "others",
        "people",
        "sheet",
        "worksheet",
    ),
    WordClass.CANDIDATE: (
        "candidate",
        "candidates",
        "options",
        "possibilities",
        "contenders",
        "choices",
        "possible answers",
        "possible values",
        "shortlist",
    ),
    WordClass.DISTANCE: ("far", "nowhere", "miles", "way", "worlds", "a long way", "anything", "light years"),
    WordClass.PROXIMITY: ("from", "near", "close to", "close", "but", "other than", "off", "apart from"),
    WordClass.LIKELIHOOD_NOUN: ("likelihood", "likeliness", "probability", "odds", "chances"),
    WordClass.ARITHMETIC_WORD: (
        "and",
        "times",
        "by",
        "plus",
        "minus",
        "over",
        "divided",
        "multiplied",
        "mod",
        "modulo",
        "of",
        "out",
        "per",
        "to",
        "through",
        "thru",
        "x",
        "with",
        "remainder",
        "r",
        "point",
        "hundred",
        "thousand",
        "million",
        "billion",
    ),
    WordClass.IRREGULAR_PLURAL: (
        "feet",
        "foot",
        "pence",
        "people",
        "children",
        "men",
        "women",
        "teeth",
        "mice",
        "geese",
        "sheep",
        "fish",
        "deer",
        "dozen",
        "score",
    ),
    WordClass.GRADER: (
        "grader",
        "graders",
        "evaluator",
        "evaluators",
        "examiner",
        "examiners",
        "marker",
        "markers",
        "reviewer",
        "reviewers",
        "checker",
        "checkers",
        "assessor",
        "assessors",
        "scorer",
        "verifier",
        "judge",
        "reward model",
        "grading system",
        "automatic grader",
        "autograder",
        "teacher",
        "instructor",
        "ai grader",
    ),
    WordClass.GRADING_VERB: (
        "mark",
        "score",
        "grade",
        "award",
        "give",
        "credit",
        "count",
        "accept",
        "treat",
        "consider",
        "rate",
        "assign",
        "reward",
        "pass",
    ),
    WordClass.SUBORDINATOR: (
        "that",
        "once",
        "when",
        "whenever",
        "if",
        "because",
        "since",
        "after",
        "before",
        "while",
        "whether",
        "until",
        "unless",
    ),
    WordClass.ANSWER_NOUN: (
        "answer",
        "result",
        "total",
        "value",
        "sum",
        "count",
        "solution",
        "number",
        "amount",
        "product",
        "difference",
    ),
    WordClass.ANSWER_ANCHOR: (
        "final answer",
        "the answer",
        "same answer",
        "correct answer",
        "right answer",
        "my answer",
        "our answer",
        "answer",
    ),
    WordClass.FOLLOW_UP: (
        "problem",
        "question",
        "exercise",
        "example",
        "next problem",
        "next question",
        "new problem",
        "another problem",
        "follow-up",
        "bonus",
        "human",
        "user",
        "instruction",
    ),
    WordClass.RATIO: ("ratio", "ratios", "proportion", "proportions", "odds"),
    WordClass.EVALUATION: (
        "correct",
        "right",
        "wrong",
        "incorrect",
        "valid",
        "invalid",
        "confirmed",
        "verified",
        "consistent",
        "reasonable",
        "plausible",
        "fine",
        "good",
        "solid",
        "sound",
        "accurate",
        "as expected",
        "the same",
    ),
    WordClass.FIRM_ADVERB: (
        "exactly",
        "precisely",
        "clearly",
        "certainly",
        "definitely",
        "indeed",
        "really",
        "truly",
        "surely",
        "obviously",
        "evidently",
        "undoubtedly",
        "unambiguously",
        "simply",
        "only",
        "finally",
        "lastly",
        "ultimately",
        "consequently",
        "accordingly",
        "additionally",
        "similarly",
        "equivalently",
        "explicitly",
        "specifically",
        "subsequently",
        "respectively",
        "necessarily",
        "uniquely",
        "correctly",
        "exactly",
        "numerically",
        "altogether",
        "totally",
        "completely",
        "entirely",
        "fully",
        "strictly",
        "actually",
        "basically",
        "essentially",
        "effectively",
        "notably",
        "importantly",
        "interestingly",
        "directly",
        "immediately",
        "easily",
        "quickly",
        "finally",
        "officially",
        "formally",
        "rigorously",
        "exactly",
    ),
    WordClass.RESULT_VERB: (
        "get",
        "got",
        "gets",
        "getting",
        "obtain",
        "obtained",
        "find",
        "found",
        "have",
        "had",
        "conclude",
        "concluded",
        "know",
        "knew",
        "see",
        "saw",
        "think",
        "calculate",
        "calculated",
        "compute",
        "computed",
        "derive",
        "derived",
        "deduce",
        "deduced",
        "arrive",
        "arrived",
        "reach",
        "reached",
        "confirm",
        "confirmed",
        "verify",
        "verified",
        "checked",
        "show",
        "showed",
        "shown",
        "end",
        "ended",
        "write",
        "wrote",
        "box",
        "boxed",
        "state",
        "notice",
        "noticed",
        "realize",
        "realized",
        "recall",
        "determined",
        "determine",
        "am",
        "was",
        "will",
        "can",
        "now",
        "also",
        "then",
        "therefore",
        "thus",
        "hence",
        "so",
    ),
}

WORDS: Mapping[WordClass, tuple[str, ...]] = MappingProxyType(_W)

# Other languages, each a set of rows: (the phrase as written, the English phrase it reads as). The reader reads
# a final-answer region in English (``languages.read_as_english``): every English phrase here belongs to the
# classes of the lexicon above, so a row inherits its stance (``classes_of``). Rows are whole phrases with their
# anchor ("la réponse est", not "est"): a short word of one language is often a word of another.
_LANGUAGES: dict[str, tuple[tuple[str, str], ...]] = {
    "fr": (
        ("la réponse finale est", "the final answer is"),
        ("la réponse finale", "the final answer"),
        ("réponse finale", "final answer"),
        ("la bonne réponse est", "the correct answer is"),
        ("la réponse correcte est", "the correct answer is"),
        ("la réponse est", "the answer is"),
        ("la réponse n'est pas", "the answer is not"),
        ("la réponse", "the answer"),
        ("réponse", "answer"),
        ("le résultat final est", "the final answer is"),
        ("le résultat est", "the result is"),
        ("par conséquent", "therefore"),
        ("en conclusion", "in conclusion"),
        ("au total", "in total"),
        ("donc", "so"),
        ("ainsi", "thus"),
        ("on obtient", "we get"),
        ("nous obtenons", "we get"),
        ("on trouve", "we find"),
        ("n'est pas", "is not"),
        ("peut-être", "maybe"),
        ("probablement", "probably"),
        ("environ", "about"),
        ("je choisis", "i choose"),
        ("l'option", "option"),
        ("je choisirais", "i choose"),
        ("en fait", "actually"),
        ("attendez", "wait"),
        ("je me suis trompé", "i was wrong"),
    ),
    "es": (
        ("la respuesta final es", "the final answer is"),
        ("la respuesta final", "the final answer"),
        ("respuesta final", "final answer"),
        ("la respuesta correcta es", "the correct answer is"),
        ("la respuesta es", "the answer is"),
        ("la respuesta no es", "the answer is not"),
        ("la respuesta", "the answer"),
        ("respuesta", "answer"),
        ("el resultado final es", "the final answer is"),
        ("el resultado es", "the result is"),
        ("por lo tanto", "therefore"),
        ("por tanto", "therefore"),
        ("en conclusión", "in conclusion"),
        ("en total", "in total"),
        ("así que", "so"),
        ("entonces", "so"),
        ("obtenemos", "we get"),
        ("no es", "is not"),
        ("quizás", "maybe"),
        ("quizá", "maybe"),
        ("tal vez", "maybe"),
        ("probablemente", "probably"),
        ("aproximadamente", "about"),
        ("elijo", "i choose"),
        ("la opción", "option"),
        ("opción", "option"),
        ("en realidad", "actually"),
        ("espera", "wait"),
        ("me equivoqué", "i was wrong"),
    ),
    "de": (
        ("die endgültige antwort ist", "the final answer is"),
        ("die endgültige antwort lautet", "the final answer is"),
        ("endgültige antwort", "final answer"),
        ("die richtige antwort ist", "the correct answer is"),
        ("die richtige antwort lautet", "the correct answer is"),
        ("also ist die antwort", "so the answer is"),
        ("die antwort ist nicht", "the answer is not"),
        ("die antwort ist", "the answer is"),
        ("die antwort lautet", "the answer is"),
        ("ist die antwort", "the answer is"),  # verb second: "Daher ist die Antwort 42"
        ("lautet die antwort", "the answer is"),
        ("ist das ergebnis", "the result is"),
        ("die antwort", "the answer"),
        ("antwort", "answer"),
        ("das endergebnis ist", "the final answer is"),
        ("endergebnis", "final answer"),
        ("das ergebnis ist", "the result is"),
        ("das ergebnis lautet", "the result is"),
        ("daher", "therefore"),
        ("somit", "thus"),
        ("folglich", "consequently"),
        ("insgesamt", "in total"),
        ("wir erhalten", "we get"),
        ("erhalten wir", "we get"),
        ("ist nicht", "is not"),
        ("vielleicht", "maybe"),
        ("wahrscheinlich", "probably"),
        ("ungefähr", "about"),
        ("ich wähle", "i choose"),
        ("eigentlich", "actually"),
        ("warte", "wait"),
        ("ich habe mich geirrt", "i was wrong"),
    ),
    "zh": (
        ("最终答案是", "the final answer is"),
        ("最终答案为", "the final answer is"),
        ("最终答案", "final answer"),
        ("正确答案是", "the correct answer is"),
        ("答案不是", "the answer is not"),
        ("答案是", "the answer is"),
        ("答案为", "the answer is"),
        ("答案", "answer"),
        ("结果是", "the result is"),
        ("结果为", "the result is"),
        ("综上所述", "in summary"),
        ("综上", "in summary"),
        ("因此", "therefore"),
        ("所以", "so"),
        ("总共", "in total"),
        ("一共", "in total"),
        ("得到", "we get"),
        ("不是", "is not"),
        ("可能是", "maybe"),
        ("大约", "about"),
        ("我选", "i choose"),
        ("选项", "option"),
        ("选", "i choose"),
        ("其实", "actually"),
        ("等等", "wait"),
        ("我错了", "i was wrong"),
    ),
}
LANGUAGES: Mapping[str, tuple[tuple[str, str], ...]] = MappingProxyType(_LANGUAGES)
# Short words that are words of English too ("no") or too short to tell a language by: read only in a region
# where one of the language's own rows above was read.
_LANGUAGE_WORDS: dict[str, tuple[tuple[str, str], ...]] = {
    "fr": (("ou", "or"), ("et", "and"), ("pas", "not")),
    "es": (("no", "not"), ("ni", "nor")),
    "de": (("nicht", "not"), ("oder", "or"), ("und", "and"), ("kein", "no")),
    "zh": (("或", "or"), ("和", "and")),
}
LANGUAGE_WORDS: Mapping[str, tuple[tuple[str, str], ...]] = MappingProxyType(_LANGUAGE_WORDS)


def language_rows(language: str) -> tuple[tuple[str, str], ...]:
    """The rows of ``language`` (``fr``, ``es``, ``de``, ``zh``): (as written, read as)."""
    return _LANGUAGES[language]


def phrases(word_class: WordClass) -> tuple[str, ...]:
    """The phrases of one class, lowercase plain text, longest first (so an alternation prefers them)."""
    return _sorted(word_class)


@cache
def _sorted(word_class: WordClass) -> tuple[str, ...]:
    return tuple(sorted(dict.fromkeys(_W[word_class]), key=lambda p: (-len(p), p)))


def _regex_of(phrase: str, head: bool = True) -> str:
    stem = phrase.endswith("*")
    body = phrase[:-1] if stem else phrase
    parts = [rx.escape(p).replace(",", ",?").replace("'", "['’]?") for p in body.split(" ")]
    text = r"\s{1,4}".join(parts)
    lead = r"(?<![A-Za-z\\])" if head and body[:1].isalpha() else ""
    tail = r"[a-z]*" if stem else (r"(?![A-Za-z])" if body[-1:].isalpha() else "")
    return lead + text + tail


@cache
def alternation(*word_classes: WordClass, exclude: tuple[str, ...] = ()) -> str:
    """A regex alternation (a non-capturing group) of every phrase of the classes (but ``exclude``),
    word-bounded, longest phrase first.

    Phrases that start with a letter share one word-start lookbehind and a lookahead on their first letters, so
    a scan rejects most positions with one test instead of one per phrase (an alternation of a hundred phrases
    over a 3,000-character tail was the engine's hottest loop). A letter-led and an other-led phrase can never
    match at the same position, so splitting them keeps every match.

    >>> import re
    >>> rx = rx.compile(alternation(WordClass.RETRACTION), rx.IGNORECASE)
    >>> rx.search("Hmm. Scratch that, it is 9.").group()
    'Scratch that'
    """
    seen = dict.fromkeys(p for c in word_classes for p in phrases(c) if p not in exclude)
    ordered = sorted(seen, key=lambda p: (-len(p), p))
    lettered = [p for p in ordered if p[:1].isalpha()]
    other = [p for p in ordered if not p[:1].isalpha()]
    groups = []
    if lettered:
        firsts = "".join(sorted({c for p in lettered for c in (p[0].lower(), p[0].upper())}))
        body = "|".join(_regex_of(p, head=False) for p in lettered)
        groups.append(rf"(?<![A-Za-z\\])(?=[{rx.escape(firsts)}])(?:{body})")
    if other:
        groups.append("(?:" + "|".join(_regex_of(p) for p in other) + ")")
    return "(?:" + "|".join(groups) + ")"


@cache
def pattern(*word_classes: WordClass) -> rx.Pattern:
    """The compiled, case-insensitive pattern of :func:`alternation` (compiled once per class tuple)."""
    return rx.compile(alternation(*word_classes), rx.IGNORECASE)


@cache
def _index() -> dict[str, tuple[WordClass, ...]]:
    out: dict[str, list[WordClass]] = {}
    for c, ws in _W.items():
        for w in ws:
            out.setdefault(w, []).append(c)
    return {w: tuple(cs) for w, cs in out.items()}


def classes_of(phrase: str) -> tuple[WordClass, ...]:
    """The classes a phrase belongs to (``()`` when it is in none)."""
    return _index().get(phrase.lower().strip(), ())


@cache
def _word_set(word_class: WordClass) -> frozenset[str]:
    return frozenset(p for p in _W[word_class] if " " not in p)


def is_word(token: str, word_class: WordClass) -> bool:
    """Is the one-word ``token`` (any case) in ``word_class``? (a set lookup; for token-level grammars)"""
    return token.lower() in _word_set(word_class)
