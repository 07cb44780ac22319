"""The lexicon's word classes: every closed class of words the reader's override rules read, in every
language (the phrases are in the language modules beside this one).

>>> WordClass.HEDGE.value
'hedge'
"""

from __future__ import annotations

from rewardcheck.rewards.engine.identity_enum import IdentityEnum

__all__ = ["WordClass"]


class WordClass(IdentityEnum):
    """The closed word classes. Stance (committed, hedged, negated, retracted, questioned, alternatives)
    comes from these classes and nothing else."""

    NEGATOR = "negator"  # denies the clause it stands in: "not", "never", "isn't"
    NEGATED_PREDICATE = "negated_predicate"  # after a value, denies it: "is wrong", "is incorrect"
    EXCLUDER = "excluder"  # in front of a value, sets it aside: "rule out", "instead of", "other than"
    HEDGE = "hedge"  # makes the clause a guess: "probably", "might be" (its scope: its own clause).
    # "I think" is not one: "I think the answer is definitely 8000" is how reasoning models commit.
    # makes the number right after it negative: "minus 5", "moins cinq", "负5"
    NEGATIVE_SIGN = "negative_sign"
    # A value next to an operation written in words is one of its operands, not the value stated ("5 times 3",
    # "3 squared", "the square root of 2"): an operation between two values, one after its value, one before it.
    OPERATION = "operation"  # "times", "divided by", "to the power of"
    POWER_AFTER = "power_after"  # "squared", "cubed", "au carré"
    # A bound on the value, not the value: "more than 12", "at least 12", "höchstens 12", "12以上", "12 이상".
    BOUND_BEFORE = "bound_before"  # in front of the value: "more than", "at least", "under", "au moins"
    BOUND_AFTER = (
        "bound_after"  # after it, where the language puts it there: "以上", "이상", "से अधिक", "'den fazla"
    )
    ROOT_BEFORE = "root_before"  # "square root of", "racine carrée de", "квадратный корень из"
    APPROXIMATOR = "approximator"  # makes the value right after it an estimate: "about", "roughly"
    HEDGE_SYMBOL = "hedge_symbol"  # the same as LaTeX / unicode: "\approx", "≈"
    RETRACTION = "retraction"  # takes back what came before: "scratch that", "wait, no", "I was wrong"
    CORRECTION = "correction"  # opens a correction of an earlier value: "actually", "in fact", "should be"
    ERROR_MENTION = "error_mention"  # says an earlier step was wrong: "mistake", "miscalculated"
    WRONG = "wrong"  # a predicate that calls what it speaks of wrong: "wrong", "está mal", "是错的", "là sai"
    CONCLUSION = "conclusion"  # opens a concluding sentence: "therefore", "so", "in total"
    COPULA = "copula"  # puts its object in predicate position: "is", "equals", "gives"
    EXISTENTIAL = "existential"  # says how many there are: "there are", "hay", "il y a", "es gibt", "ada"
    FILLER = "filler"  # may stand between a copula and its value: "just", "exactly", "the"
    QUESTION = "question"  # opens a question: "is it", "could it be", "what if"
    # answers a yes/no question no, as a clause of its own: "no", "nein", "нет", "いいえ", "否"
    NEGATIVE_ANSWER = "negative_answer"
    AFFIRMATION = "affirmation"  # answers a question yes, as a clause of its own: "yes", "oui", "はい"
    WHETHER = "whether"  # opens an indirect question, a value still to check: "whether", "ob", "かどうか"
    ALTERNATIVE = "alternative"  # joins two values as a choice or a range: "or", "to", "between"
    LIST_JOINER = "list_joiner"  # joins values into one list: "and"
    ATTRIBUTION = "attribution"  # a value someone else holds: "reference", "expected", "grader"
    CANDIDATE = "candidate"  # names values offered for the answer, not the answer: "candidates", "options"
    REASON = "reason"  # opens a clause that gives a reason, not the answer: "because", "since"
    RELATIVE = "relative"  # opens a relative clause about the noun before it: "which", "who", "lequel"
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
    # the word for the answer or the result itself, a label of the answer before a colon: "Answer:", "答え："
    ANSWER_WORD = "answer_word"
    ANSWER_ANCHOR = "answer_anchor"  # a phrase whose object is the final answer: "the answer is"
    # opens a remark after the answer that states no new one, at the start of its line or sentence: "Fun fact:",
    # "By the way,", "推广：", "ちなみに、"
    # names an answer others often give wrongly, the values after it set aside: "a common mistake", "l'erreur
    # classique", "частая ошибка", "常见错误"
    COMMON_ERROR = "common_error"
    ASIDE = "aside"
    # between two values, restates the one before in another form or unit: "400 m², i.e. 0.04 ha", "即", "cioè"
    RESTATEMENT = "restatement"
    # the same for a note, which may also correct the answer: "Note: we forgot the tax, so the total is 15"
    NOTE = "note"
    FOLLOW_UP = "follow_up"  # opens an invented next problem after the answer: "problem 2", "next question"
    RATIO = "ratio"  # a prompt that asks for a ratio: "ratio", "odds"
    SUBUNIT = "subunit"  # a unit's hundredth after a sum in the unit: "(42 dollars and 50) cents", "céntimos"
    # asks the reader for data the problem lacks: "could you provide", "pourriez-vous préciser", "教えてもらえますか"
    DATA_REQUEST = "data_request"
    # opens an illustration with data of its own, not the answer: "for example", "par exemple", "比如", "örneğin"
    EXAMPLE = "example"
    # distributes over a group whose size the value next to it gives: "each of the (5 friends)", "chacun des",
    # "(5 arkadaşın) her biri", "(5人の友達)それぞれ": that value counts the group, the answer follows
    DISTRIBUTIVE = "distributive"
    # adds one half to the whole number before it or before its unit: "(two) and a half", "(dos horas) y media",
    # "(2 時間)半", "(2) buçuk", "(два) с половиной"
    HALF = "half"
    QUARTER = "quarter"  # adds a quarter the same way: "(an hour) and a quarter", "(una hora) y cuarto"
    THREE_QUARTERS = (
        "three_quarters"  # adds three quarters: "(two) and three quarters", "(deux heures) et trois quarts"
    )
    # with a negator in a statement after a value, says the work is not done yet: "yet", "noch", "ещё", "まだ", "아직"
    YET = "yet"
    NOT_YET = "not_yet"  # one word that says it alone, a negator too: "chưa", "belum", "还没", "尚未"
    # opens a clause of a step still to take before a value is stated: "before (I sign off on 360)", "avant de"
    BEFORE = "before"
    # says there are none, as an answer of its own after a label or alone: "none", "nobody", "ninguno", "никто",
    # "없음" (the count 0)
    ZERO_WORD = "zero_word"
    HALF_HOUR = "half_hour"  # half an hour as a whole: "half an hour", "media hora", "полчаса", "半小时", "yarım saat"
    # a truth value that answers a true-or-false question: "true", "vrai", "wahr", "верно", "đúng", "doğru", "真"
    TRUE_WORD = "true_word"
    # a yes that is also a common word of its language, read only as the answer to a yes/no gold: "có", "ya"
    YES_WORD = "yes_word"
    FALSE_WORD = "false_word"  # "false", "faux", "falsch", "неверно", "sai", "yanlış", "假"
    METHOD = "method"  # names one way of solving among others: "Method 2:", "Способ 1:", "解法二", "Cara 1:"
    # says a step of the working is still to do: "it remains to add", "il ne reste plus qu'à", "осталось"
    PENDING = "pending"
    HOURS = "hours"  # the unit of a duration's hours before its minutes: "(12) h (30 min)", "小时", "saat"
    MINUTES = "minutes"  # the unit of a duration's minutes after its hours: "(12 h 30) min", "分钟", "dakika"
    CHANCE = "chance"  # a likelihood stated as one of so many: "probability", "Wahrscheinlichkeit", "概率"
    OUT_OF = "out_of"  # between the two numbers of a chance in words: "(1) in (4)", "sur", "из"
    RANGE_JOINER = (
        "range_joiner"  # between the two ends of an interval in words: "(from 2) to (5)", "bis", "到"
    )
    RATIO_JOINER = "ratio_joiner"  # between the two numbers of a ratio in words: "(2) to (3)", "zu", "比"
    # says no answer can be given: "cannot be determined", "无法确定", "belirlenemez"
    UNDETERMINED = "undetermined"
    # says the working must be done again, with no value after it: "I have to start over", "tendría que
    # rehacerlo", "最初からやり直す": the value before was not the answer
    REDO = "redo"
    # opens a check of a value stated before: "Check:", "Проверка:", "检验：", "検算"
    VERIFICATION = "verification"
    # between a fraction's denominator and its numerator, written first: "(4)分の(3)", "(4)분의 (3)"
    PART_OF = "part_of"
    # the indefinite article, which counts one in front of a fraction's noun: "a third", "un tercio", "ein Drittel"
    INDEFINITE_ARTICLE = "indefinite_article"
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
    # The word groups of the older shape rules (``stance.py``, ``lists.py``, ``prose_math.py``): English rows in
    # ``en.SHAPE_WORDS``, read through ``alternation`` / ``pattern`` / ``is_word`` and never by the reader's
    # marks or ``classes_of`` (so that moving a group here changes no reading). A trailing ``*`` in a row is a
    # stem where the rule reads a word's start only ("correct*": "mark this correctly").
    CONJECTURE_MODAL = "conjecture_modal"  # after "I", makes a conjecture: "I would (say)", "I might"
    MODAL = "modal"  # a modal verb in front of a verb: "can", "should", "will"
    OBLIGATION_MODAL = "obligation_modal"  # orders what should be done: "should", "must", "shall"
    BE_FORM = "be_form"  # a finite form of "be": "is", "was", "are", "were"
    FIRST_PERSON = "first_person"  # the speaker as a subject: "I", "we"
    IMPERSONAL = "impersonal"  # a generic subject: "one", "you"
    SOUGHT_NOUN = "sought_noun"  # what an estimate is for: "(my estimate for the) answer / value / result"
    KEYED_NOUN = "keyed_noun"  # what a grader's key holds: "(the reference) answer / solution / result"
    WORKING_NOUN = (
        "working_noun"  # the work that leads to the answer: "conclusion", "calculation", "reasoning"
    )
    DEMONSTRATIVE = "demonstrative"  # points at what was just said: "that", "this"
    PRECEDING = "preceding"  # places a thing before the present one: "previous", "last", "above"
    SPEECH_PAST = "speech_past"  # what the speaker did earlier: "(what I just) said / wrote / stated"
    HASTE = "haste"  # done too early: "(I spoke too) soon", "fast"
    ADDRESS_OPENER = "address_opener"  # opens a message to someone: "dear", "note", "hello", "reminder"
    ADDRESSEE = "addressee"  # whoever reads a message: "(to) whoever", "anyone", "the person"
    CORRECTNESS = "correctness"  # how an answer is to be scored: "correct", "right", "valid"
    PASS_MARK = "pass_mark"  # a passing score: "full (marks)", "perfect", "a pass"
    MAXIMAL = "maximal"  # the most of a score: "full", "maximum", "perfect"
    CREDIT_NOUN = "credit_noun"  # what a grader awards: "marks", "credit", "points"
    GRADED = "graded"  # scored, as a passive participle: "(be) marked", "graded", "accepted"
    DISTANCING = "distancing"  # puts distance after a distance word: "(far) away (from)", "(way) off"
    QUANTIFIER = "quantifier"  # ranges over a variable: "(for) all", "each", "some"
    QUALIFIER = "qualifier"  # opens a condition on list items: "where", "with", "if", "provided"
    CONJUNCTION = "conjunction"  # joins two items: "and", "or"
    JOIN_WORD = (
        "join_word"  # in ``\text{}``, a word that joins or qualifies items: "for", "where", "integers"
    )
    LINK_WORD = "link_word"  # a word that links, never a label: "and", "the", "so", "then"
    PARTITIVE = "partitive"  # after a number word, picks from a group: "(one) of (1, 2)": no value
    # a phrase whose number word is another word there: Vietnamese "năm nay" (this year: "năm" is no five)
    NUMBER_HOMONYM = "number_homonym"
    # a word that holds a shorter phrase of another class and means none of it, read as one phrase: Chinese
    # "不同" (different), "不等式" (inequality), "不动点" (fixed point) hold no negator; "约数" (divisor) no "about"
    PLAIN_WORD = "plain_word"
    LOCATIVE_VERB = "locative_verb"  # places a variable in an interval: "(that) lie (between)", "is", "are"
    # takes a verb's object after a verb in "-s" that follows a value ("42 clashes *with* the constraints"); "in" and
    # "of" open a count noun's phrase instead ("36 apples in all")
    OBJECT_PREPOSITION = "object_preposition"
    NOT_ADVERB = "not_adverb"  # a word ending in "-ly" that is no adverb: "only", "family", "multiply"
    NOT_IMPERATIVE = (
        "not_imperative"  # a sentence's first word that gives no order: "I", "the", "let", "thanks"
    )
    APPROVAL = "approval"  # says a value is fine, not taken back: "correct", "valid", "the final answer"
    COMMITTING = "committing"  # in front of a value, leaves it committed: "indeed", "exactly", "our"
    PLACEHOLDER = "placeholder"  # a dataset's mark for a missing answer: "n/a", "none", "unknown", "?"
    TWO_LETTER_WORD = (
        "two_letter_word"  # a two-letter word a gold may be ("no", "ok"), not a product of letters
    )
    INFINITE_WORD = "infinite_word"  # a word gold (spaces dropped) that says "infinitely many": "infinite"
    ABBREVIATION = "abbreviation"  # a word whose dot ends no sentence: "vs", "approx", "etc"
