"""The open-world reader in 14 more languages (issue 42): a closing statement in each language, each class of
wording in three natural forms.

Credited: a plain closing statement, a sentence that ends on the value (a local unit or currency where one is
natural), and a correction that ends on the gold ("40... actually 42"). Refused, the gold being the value
stated last: a negated value, a hedge between two values, a value that is only supposed, a value attributed to
someone else, and a value taken back with no new value after it. The completions state their values without a
box, so only the reader's rows of the language can credit or refuse them."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge

# a few lines of reasoning per language, no numbers in them
WORK = {
    "fr": (
        "Je pose le calcul étape par étape, puis je vérifie.",
        "On additionne les quantités de chaque jour et on contrôle le résultat.",
        "Je traduis l'énoncé en équation et je la résous.",
    ),
    "es": (
        "Planteo la operación paso a paso y la compruebo.",
        "Sumo lo de cada día y reviso el resultado.",
        "Escribo la ecuación del enunciado y la resuelvo.",
    ),
    "pt": (
        "Monto a conta passo a passo e confiro.",
        "Somo os valores de cada dia e reviso.",
        "Escrevo a equação do enunciado e resolvo.",
    ),
    "it": (
        "Imposto il calcolo passo per passo e lo verifico.",
        "Sommo i valori di ogni giorno e controllo.",
        "Scrivo l'equazione del problema e la risolvo.",
    ),
    "de": (
        "Ich stelle die Rechnung Schritt für Schritt auf und prüfe sie.",
        "Ich addiere die Werte jedes Tages und kontrolliere das Ergebnis.",
        "Ich stelle die Gleichung auf und löse sie.",
    ),
    "ru": (
        "Записываю вычисления по шагам и проверяю.",
        "Складываю значения за каждый день и проверяю итог.",
        "Составляю уравнение по условию и решаю его.",
    ),
    "zh": ("先列出算式，再逐步计算并检查。", "把每天的数量加起来，再核对一遍。", "根据题意列方程并求解。"),
    "ja": (
        "式を立てて順番に計算し、確認します。",
        "毎日の数を足し合わせて、検算します。",
        "問題文から方程式を作って解きます。",
    ),
    "ko": (
        "식을 세우고 단계별로 계산한 뒤 검산합니다.",
        "날마다의 수를 더하고 다시 확인합니다.",
        "문제의 조건으로 방정식을 세워 풉니다.",
    ),
    "ar": (
        "أكتب العملية خطوة بخطوة ثم أتحقق منها.",
        "أجمع أعداد كل يوم ثم أراجع الناتج.",
        "أكوّن معادلة من المسألة ثم أحلها.",
    ),
    "hi": (
        "मैं सवाल को चरण-दर-चरण हल करता हूँ और जाँचता हूँ।",
        "हर दिन की संख्या जोड़कर परिणाम की जाँच करते हैं।",
        "प्रश्न से समीकरण बनाकर उसे हल करते हैं।",
    ),
    "vi": (
        "Mình đặt phép tính từng bước rồi kiểm tra lại.",
        "Cộng số lượng của từng ngày rồi soát lại kết quả.",
        "Lập phương trình theo đề bài rồi giải.",
    ),
    "id": (
        "Saya susun perhitungannya langkah demi langkah lalu periksa.",
        "Jumlahkan banyaknya tiap hari lalu cek ulang hasilnya.",
        "Buat persamaan dari soal lalu selesaikan.",
    ),
    "tr": (
        "İşlemi adım adım kurup kontrol ediyorum.",
        "Her günün sayısını toplayıp sonucu kontrol ediyorum.",
        "Sorudan denklemi kurup çözüyorum.",
    ),
}

CREDITED = ("plain", "unit", "correction")
REFUSED = ("negation", "hedge", "supposition", "attribution", "retraction")

# language -> class -> (final text, gold)
CASES: dict[str, dict[str, list[tuple[str, str]]]] = {
    "fr": {
        "plain": [
            ("Donc la réponse est 42.", "42"),
            ("Réponse finale : 17", "17"),
            ("Après vérification, on obtient bien 128.", "128"),
        ],
        "unit": [
            ("Au total, Léa a dépensé 35 €.", "35"),
            ("Le train parcourt donc 240 km.", "240"),
            ("Il faut ainsi prévoir 18 litres.", "18"),
        ],
        "negation": [
            ("La réponse n'est pas 42.", "42"),
            ("Ce n'est certainement pas 64.", "64"),
            ("Le résultat ne peut pas être 9.", "9"),
        ],
        "hedge": [
            ("La réponse est 12 ou 15, je ne suis pas sûr.", "15"),
            ("C'est peut-être 30, ou peut-être 36.", "36"),
            ("J'hésite entre 20 et 24.", "24"),
        ],
        "supposition": [
            ("Si la réponse était 42, la somme serait paire.", "42"),
            ("Supposons que x vaille 5.", "5"),
            ("En admettant que chaque boîte contienne 12 œufs, il y en aurait 60.", "60"),
        ],
        "attribution": [
            ("Mon ami dit que la réponse est 42.", "42"),
            ("D'après le corrigé, c'est 18.", "18"),
            ("Le professeur pense que le résultat vaut 27.", "27"),
        ],
        "retraction": [
            ("La réponse est 42. Non, attendez, c'est faux.", "42"),
            ("On trouve 56... oubliez ça, je me suis trompé.", "56"),
            ("Le total fait 90. Hmm, ce n'est pas ça.", "90"),
        ],
        "correction": [
            ("La réponse est 40... en fait, c'est 42.", "42"),
            ("J'obtiens 15. Attendez, je me suis trompé dans la soustraction : c'est 13.", "13"),
            ("Le périmètre vaut 24 cm, ou plutôt 26 cm en comptant le dernier côté.", "26"),
        ],
    },
    "es": {
        "plain": [
            ("Por lo tanto, la respuesta es 42.", "42"),
            ("Respuesta final: 19", "19"),
            ("Tras comprobarlo, el resultado es 256.", "256"),
        ],
        "unit": [
            ("En total, Lucía pagó 35 €.", "35"),
            ("El coche recorre entonces 180 km.", "180"),
            ("Así que hacen falta 14 litros.", "14"),
        ],
        "negation": [
            ("La respuesta no es 42.", "42"),
            ("En ningún caso el total es 64.", "64"),
            ("El resultado no puede ser 9.", "9"),
        ],
        "hedge": [
            ("Puede ser 12 o 15, no estoy seguro.", "15"),
            ("Quizás 30, o tal vez 36.", "36"),
            ("Dudo entre 20 y 24.", "24"),
        ],
        "supposition": [
            ("Si la respuesta fuera 42, la suma sería par.", "42"),
            ("Supongamos que x vale 5.", "5"),
            ("Suponiendo que cada caja tenga 12 huevos, habría 60.", "60"),
        ],
        "attribution": [
            ("Mi amigo dice que la respuesta es 42.", "42"),
            ("Según el solucionario, es 18.", "18"),
            ("La profesora cree que el resultado es 27.", "27"),
        ],
        "retraction": [
            ("La respuesta es 42. No, espera, eso está mal.", "42"),
            ("Obtengo 56... olvídalo, me equivoqué.", "56"),
            ("El total es 90. Mmm, eso no es correcto.", "90"),
        ],
        "correction": [
            ("La respuesta es 40... en realidad, es 42.", "42"),
            ("Me sale 15. Espera, me equivoqué al restar: son 13.", "13"),
            ("No son 24 sino 26 centímetros.", "26"),
        ],
    },
    "pt": {
        "plain": [
            ("Portanto, a resposta é 42.", "42"),
            ("Resposta final: 23", "23"),
            ("Conferindo tudo, o resultado é 144.", "144"),
        ],
        "unit": [
            ("Ao todo, Ana gastou R$ 35.", "35"),
            ("Logo, a distância percorrida é de 150 km.", "150"),
            ("Então sobram 9 laranjas.", "9"),
        ],
        "negation": [
            ("A resposta não é 42.", "42"),
            ("O total nunca foi 64.", "64"),
            ("Isso não pode ser 9.", "9"),
        ],
        "hedge": [
            ("Talvez seja 12 ou 15, não tenho certeza.", "15"),
            ("Provavelmente 30, ou quem sabe 36.", "36"),
            ("Fico na dúvida entre 20 e 24.", "24"),
        ],
        "supposition": [
            ("Se a resposta fosse 42, a soma seria par.", "42"),
            ("Suponha que x valha 5.", "5"),
            ("Supondo que cada caixa tenha 12 ovos, teríamos 60.", "60"),
        ],
        "attribution": [
            ("Meu amigo diz que a resposta é 42.", "42"),
            ("Segundo o gabarito, é 18.", "18"),
            ("A professora acha que o resultado é 27.", "27"),
        ],
        "retraction": [
            ("A resposta é 42. Não, espera, isso está errado.", "42"),
            ("Deu 56... esquece, eu errei.", "56"),
            ("O total é 90. Hmm, isso não está certo.", "90"),
        ],
        "correction": [
            ("A resposta é 40... na verdade, é 42.", "42"),
            ("Obtive 15. Espera, errei a subtração: são 13.", "13"),
            ("Não são 24, mas sim 26 centímetros.", "26"),
        ],
    },
    "it": {
        "plain": [
            ("Quindi la risposta è 42.", "42"),
            ("Risposta finale: 31", "31"),
            ("Dopo la verifica, il risultato è 512.", "512"),
        ],
        "unit": [
            ("In totale, Giulia ha speso 35 €.", "35"),
            ("Il treno percorre dunque 320 km.", "320"),
            ("Perciò servono 6 litri.", "6"),
        ],
        "negation": [
            ("La risposta non è 42.", "42"),
            ("Il totale non può essere 64.", "64"),
            ("Di sicuro non fa 9.", "9"),
        ],
        "hedge": [
            ("Forse è 12 o 15, non ne sono sicuro.", "15"),
            ("Probabilmente 30, oppure 36.", "36"),
            ("Sono indeciso tra 20 e 24.", "24"),
        ],
        "supposition": [
            ("Se la risposta fosse 42, la somma sarebbe pari.", "42"),
            ("Supponiamo che x valga 5.", "5"),
            ("Ammesso che ogni scatola contenga 12 uova, ce ne sarebbero 60.", "60"),
        ],
        "attribution": [
            ("Il mio amico dice che la risposta è 42.", "42"),
            ("Secondo il libro, è 18.", "18"),
            ("La professoressa ritiene che il risultato sia 27.", "27"),
        ],
        "retraction": [
            ("La risposta è 42. No, aspetta, è sbagliato.", "42"),
            ("Ottengo 56... lascia perdere, mi sono sbagliato.", "56"),
            ("Il totale è 90. Mmm, questo non è corretto.", "90"),
        ],
        "correction": [
            ("La risposta è 40... anzi, è 42.", "42"),
            ("Mi viene 15. Aspetta, ho sbagliato la sottrazione: fa 13.", "13"),
            ("Non sono 24, bensì 26 centimetri.", "26"),
        ],
    },
    "de": {
        "plain": [
            ("Also ist die Antwort 42.", "42"),
            ("Endergebnis: 27", "27"),
            ("Nach der Probe erhalten wir 360.", "360"),
        ],
        "unit": [
            ("Insgesamt bezahlt Lena 35 €.", "35"),
            ("Der Zug fährt also 210 km.", "210"),
            ("Somit kostet das Heft 4 Euro.", "4"),
        ],
        "negation": [
            ("Die Antwort ist nicht 42.", "42"),
            ("Das Ergebnis kann keinesfalls 64 sein.", "64"),
            ("Es sind nicht 9.", "9"),
        ],
        "hedge": [
            ("Vielleicht 12 oder 15, ich bin mir nicht sicher.", "15"),
            ("Wahrscheinlich 30, eventuell auch 36.", "36"),
            ("Ich schwanke zwischen 20 und 24.", "24"),
        ],
        "supposition": [
            ("Wenn die Antwort 42 wäre, wäre die Summe gerade.", "42"),
            ("Angenommen, x ist 5.", "5"),
            ("Nehmen wir an, jede Schachtel enthält 12 Eier; dann wären es 60.", "60"),
        ],
        "attribution": [
            ("Mein Freund sagt, die Antwort ist 42.", "42"),
            ("Laut Lösungsheft sind es 18.", "18"),
            ("Die Lehrerin meint, das Ergebnis sei 27.", "27"),
        ],
        "retraction": [
            ("Die Antwort ist 42. Nein, warte, das ist falsch.", "42"),
            ("Ich komme auf 56 ... vergiss das, ich habe mich verrechnet.", "56"),
            ("Die Summe ist 90. Hm, das stimmt nicht.", "90"),
        ],
        "correction": [
            ("Die Antwort ist 40 ... eigentlich sind es 42.", "42"),
            ("Ich erhalte 15. Moment, ich habe falsch subtrahiert: es sind 13.", "13"),
            ("Nicht 24, sondern 26 Zentimeter.", "26"),
        ],
    },
    "ru": {
        "plain": [
            ("Следовательно, ответ равен 42.", "42"),
            ("Ответ: 29", "29"),
            ("После проверки получаем 225.", "225"),
        ],
        "unit": [
            ("Итого Маша потратила 35 рублей.", "35"),
            ("Значит, поезд проехал 270 км.", "270"),
            ("Таким образом, в коробке осталось 8 конфет.", "8"),
        ],
        "negation": [
            ("Ответ не 42.", "42"),
            ("Результат никак не может быть 64.", "64"),
            ("Это точно не 9.", "9"),
        ],
        "hedge": [
            ("Может быть, 12 или 15, я не уверен.", "15"),
            ("Наверное, 30, а может, и 36.", "36"),
            ("Колеблюсь между 20 и 24.", "24"),
        ],
        "supposition": [
            ("Если бы ответ был 42, сумма была бы чётной.", "42"),
            ("Предположим, что x равно 5.", "5"),
            ("Допустим, в каждой коробке по 12 яиц, тогда их было бы 60.", "60"),
        ],
        "attribution": [
            ("Мой друг говорит, что ответ 42.", "42"),
            ("Согласно ответам в учебнике, это 18.", "18"),
            ("Учительница считает, что результат равен 27.", "27"),
        ],
        "retraction": [
            ("Ответ 42. Нет, подожди, это неверно.", "42"),
            ("Получается 56... забудь, я ошибся.", "56"),
            ("Сумма равна 90. Хм, это не так.", "90"),
        ],
        "correction": [
            ("Ответ 40... на самом деле 42.", "42"),
            ("У меня вышло 15. Стоп, я ошибся при вычитании: 13.", "13"),
            ("Не 24, а 26 сантиметров.", "26"),
        ],
    },
    "zh": {
        "plain": [
            ("所以答案是 42。", "42"),
            ("最终答案：37", "37"),
            ("经检验，结果为 196。", "196"),
        ],
        "unit": [
            ("小明一共花了 35 元。", "35"),
            ("因此两地相距 120 千米。", "120"),
            ("所以还剩下 15 个苹果。", "15"),
        ],
        "negation": [
            ("答案不是 42。", "42"),
            ("结果绝不可能是 64。", "64"),
            ("这并不等于 9。", "9"),
        ],
        "hedge": [
            ("可能是 12，也可能是 15，我不太确定。", "15"),
            ("大概是 30 或者 36 吧。", "36"),
            ("我在 20 和 24 之间犹豫。", "24"),
        ],
        "supposition": [
            ("如果答案是 42，那么和就是偶数。", "42"),
            ("假设 x 等于 5。", "5"),
            ("假如每盒有 12 个鸡蛋，就会有 60 个。", "60"),
        ],
        "attribution": [
            ("我朋友说答案是 42。", "42"),
            ("参考答案给的是 18。", "18"),
            ("老师认为结果是 27。", "27"),
        ],
        "retraction": [
            ("答案是 42。不对，等等，这是错的。", "42"),
            ("得到 56……算了，我算错了。", "56"),
            ("总数是 90。嗯，这不对。", "90"),
        ],
        "correction": [
            ("答案是 40……其实应该是 42。", "42"),
            ("我得到 15。等一下，减法算错了，应该是 13。", "13"),
            ("不是 24 厘米，而是 26 厘米。", "26"),
        ],
    },
    "ja": {
        "plain": [
            ("したがって、答えは42です。", "42"),
            ("答え：41", "41"),
            ("検算すると、結果は144になります。", "144"),
        ],
        "unit": [
            ("よって、代金の合計は350円。", "350"),
            ("つまり、2つの町の距離は120キロメートルです。", "120"),
            ("残りのりんごは15個です。", "15"),
        ],
        "negation": [
            ("答えは42ではありません。", "42"),
            ("結果は決して64にはならない。", "64"),
            ("これは9じゃない。", "9"),
        ],
        "hedge": [
            ("たぶん12か15だと思いますが、自信がありません。", "15"),
            ("30かもしれないし、36かもしれない。", "36"),
            ("20と24のどちらか迷っています。", "24"),
        ],
        "supposition": [
            ("もし答えが42なら、和は偶数になる。", "42"),
            ("xを5と仮定します。", "5"),
            ("仮に1箱に12個入っているとすれば、全部で60個になるだろう。", "60"),
        ],
        "attribution": [
            ("友達は答えが42だと言っています。", "42"),
            ("模範解答によると18です。", "18"),
            ("先生は結果が27だと考えています。", "27"),
        ],
        "retraction": [
            ("答えは42です。いや、待って、これは間違いです。", "42"),
            ("56になりました…今のは忘れてください、間違えました。", "56"),
            ("合計は90。うーん、違いますね。", "90"),
        ],
        "correction": [
            ("答えは40…実は42です。", "42"),
            ("15になりました。ちょっと待って、引き算を間違えました。正しくは13です。", "13"),
            ("24センチではなく、26センチです。", "26"),
        ],
    },
    "ko": {
        "plain": [
            ("따라서 답은 42입니다.", "42"),
            ("정답: 53", "53"),
            ("검산해 보면 결과는 169입니다.", "169"),
        ],
        "unit": [
            ("그러므로 총 금액은 800원입니다.", "800"),
            ("두 도시 사이의 거리는 150 km입니다.", "150"),
            ("결국 사과는 12개 남습니다.", "12"),
        ],
        "negation": [
            ("답은 42가 아닙니다.", "42"),
            ("결과는 절대 64가 될 수 없습니다.", "64"),
            ("이건 9가 아니에요.", "9"),
        ],
        "hedge": [
            ("아마 12 아니면 15일 거예요. 확실하지 않아요.", "15"),
            ("30일 수도 있고 36일 수도 있습니다.", "36"),
            ("20과 24 사이에서 고민 중입니다.", "24"),
        ],
        "supposition": [
            ("만약 답이 42라면 합은 짝수가 됩니다.", "42"),
            ("x를 5라고 가정합시다.", "5"),
            ("한 상자에 12개씩 들어 있다고 하면 모두 60개가 될 것입니다.", "60"),
        ],
        "attribution": [
            ("제 친구는 답이 42라고 했어요.", "42"),
            ("해설지에 따르면 18입니다.", "18"),
            ("선생님은 결과가 27이라고 생각하십니다.", "27"),
        ],
        "retraction": [
            ("답은 42입니다. 아니, 잠깐, 이건 틀렸어요.", "42"),
            ("56이 나왔는데... 방금 건 무시해 주세요, 제가 틀렸습니다.", "56"),
            ("합계는 90. 음, 이건 맞지 않네요.", "90"),
        ],
        "correction": [
            ("답은 40... 사실은 42입니다.", "42"),
            ("15가 나왔습니다. 잠깐, 뺄셈을 잘못했네요. 13입니다.", "13"),
            ("24센티미터가 아니라 26센티미터입니다.", "26"),
        ],
    },
    "ar": {
        "plain": [
            ("إذن، الإجابة هي 42.", "42"),
            ("الإجابة النهائية: 61", "61"),
            ("بعد التحقق، الناتج يساوي 121.", "121"),
        ],
        "unit": [
            ("دفعت سارة في المجموع 35 ريالًا.", "35"),
            ("إذن تقطع السيارة مسافة 180 كم.", "180"),
            ("وبالتالي يتبقى 14 تفاحة.", "14"),
        ],
        "negation": [
            ("الإجابة ليست 42.", "42"),
            ("لا يمكن أن يكون الناتج 64.", "64"),
            ("هذا لا يساوي 9.", "9"),
        ],
        "hedge": [
            ("ربما 12 أو 15، لست متأكدًا.", "15"),
            ("على الأرجح 30، وقد تكون 36.", "36"),
            ("أنا متردد بين 20 و 24.", "24"),
        ],
        "supposition": [
            ("لو كانت الإجابة 42 لكان المجموع زوجيًا.", "42"),
            ("لنفترض أن x تساوي 5.", "5"),
            ("إذا كان في كل علبة 12 بيضة، فسيكون المجموع 60.", "60"),
        ],
        "attribution": [
            ("صديقي يقول إن الإجابة هي 42.", "42"),
            ("حسب مفتاح الإجابة، الناتج 18.", "18"),
            ("تعتقد المعلمة أن النتيجة 27.", "27"),
        ],
        "retraction": [
            ("الإجابة هي 42. لا، انتظر، هذا خطأ.", "42"),
            ("حصلت على 56... انسَ ذلك، لقد أخطأت.", "56"),
            ("المجموع 90. همم، هذا غير صحيح.", "90"),
        ],
        "correction": [
            ("الإجابة 40... في الواقع، هي 42.", "42"),
            ("حصلت على 15. لحظة، أخطأت في الطرح: الناتج 13.", "13"),
            ("ليس 24 سم، بل 26 سم.", "26"),
        ],
    },
    "hi": {
        "plain": [
            ("अतः उत्तर 42 है।", "42"),
            ("अंतिम उत्तर: 73", "73"),
            ("जाँच करने पर परिणाम 216 आता है।", "216"),
        ],
        "unit": [
            ("इसलिए रीना ने कुल 35 रुपये खर्च किए।", "35"),
            ("अतः रेलगाड़ी ने 240 किमी की दूरी तय की।", "240"),
            ("टोकरी में 9 सेब बचे।", "9"),
        ],
        "negation": [
            ("उत्तर 42 नहीं है।", "42"),
            ("परिणाम कभी भी 64 नहीं हो सकता।", "64"),
            ("यह 9 नहीं है।", "9"),
        ],
        "hedge": [
            ("शायद 12 या 15, मुझे पक्का नहीं पता।", "15"),
            ("संभवतः 30, या फिर 36।", "36"),
            ("मैं 20 और 24 के बीच उलझन में हूँ।", "24"),
        ],
        "supposition": [
            ("अगर उत्तर 42 होता, तो योग सम होता।", "42"),
            ("मान लीजिए x = 5।", "5"),
            ("अगर कुल 60 अंडे होते, तो हर डिब्बे में 12 अंडे होते।", "60"),
        ],
        "attribution": [
            ("मेरा दोस्त कहता है कि उत्तर 42 है।", "42"),
            ("उत्तर कुंजी के अनुसार यह 18 है।", "18"),
            ("शिक्षिका मानती हैं कि परिणाम 27 है।", "27"),
        ],
        "retraction": [
            ("उत्तर 42 है। नहीं, रुको, यह गलत है।", "42"),
            ("56 आया... इसे भूल जाओ, मुझसे गलती हुई।", "56"),
            ("कुल 90 है। हम्म, यह सही नहीं है।", "90"),
        ],
        "correction": [
            ("उत्तर 40 है... असल में, 42 है।", "42"),
            ("मुझे 15 मिला। एक मिनट, घटाने में गलती हुई: सही उत्तर 13 है।", "13"),
            ("24 सेमी नहीं, बल्कि 26 सेमी।", "26"),
        ],
    },
    "vi": {
        "plain": [
            ("Vậy đáp án là 42.", "42"),
            ("Đáp số: 47", "47"),
            ("Sau khi kiểm tra, kết quả là 343.", "343"),
        ],
        "unit": [
            ("Vậy quãng đường ô tô đi được là 150 km.", "150"),
            ("Do đó mỗi bạn nhận được 8 cái kẹo.", "8"),
            ("Như vậy bể chứa được 500 lít.", "500"),
        ],
        "negation": [
            ("Đáp án không phải là 42.", "42"),
            ("Kết quả không thể là 64.", "64"),
            ("Cái này chẳng phải 9 đâu.", "9"),
        ],
        "hedge": [
            ("Có lẽ là 12 hoặc 15, mình không chắc.", "15"),
            ("Chắc là 30, hay là 36 nhỉ.", "36"),
            ("Mình đang phân vân giữa 20 và 24.", "24"),
        ],
        "supposition": [
            ("Nếu đáp án là 42 thì tổng sẽ là số chẵn.", "42"),
            ("Giả sử x bằng 5.", "5"),
            ("Giả sử mỗi hộp có 12 quả trứng thì sẽ có 60 quả.", "60"),
        ],
        "attribution": [
            ("Bạn tôi nói rằng đáp án là 42.", "42"),
            ("Theo sách giải thì là 18.", "18"),
            ("Cô giáo cho rằng kết quả là 27.", "27"),
        ],
        "retraction": [
            ("Đáp án là 42. Không, đợi đã, như vậy là sai.", "42"),
            ("Ra 56... bỏ qua đi, mình nhầm rồi.", "56"),
            ("Tổng là 90. Hừm, không đúng rồi.", "90"),
        ],
        "correction": [
            ("Đáp án là 40... thật ra là 42.", "42"),
            ("Mình được 15. Khoan đã, trừ sai rồi: phải là 13.", "13"),
            ("Không phải 24 cm mà là 26 cm.", "26"),
        ],
    },
    "id": {
        "plain": [
            ("Jadi, jawabannya adalah 42.", "42"),
            ("Jawaban akhir: 59", "59"),
            ("Setelah dicek, hasilnya 289.", "289"),
        ],
        "unit": [
            ("Jadi, jarak yang ditempuh adalah 210 km.", "210"),
            ("Dengan demikian, sisa apelnya 7 buah.", "7"),
            ("Maka volume air di bak adalah 400 liter.", "400"),
        ],
        "negation": [
            ("Jawabannya bukan 42.", "42"),
            ("Hasilnya tidak mungkin 64.", "64"),
            ("Ini sama sekali tidak sama dengan 9.", "9"),
        ],
        "hedge": [
            ("Mungkin 12 atau 15, saya tidak yakin.", "15"),
            ("Sepertinya 30, atau bisa jadi 36.", "36"),
            ("Saya ragu antara 20 dan 24.", "24"),
        ],
        "supposition": [
            ("Jika jawabannya 42, maka jumlahnya genap.", "42"),
            ("Misalkan x sama dengan 5.", "5"),
            ("Andaikan totalnya 60, maka setiap kotak berisi 12 butir telur.", "60"),
        ],
        "attribution": [
            ("Teman saya bilang jawabannya 42.", "42"),
            ("Menurut kunci jawaban, hasilnya 18.", "18"),
            ("Guru saya berpendapat hasilnya 27.", "27"),
        ],
        "retraction": [
            ("Jawabannya 42. Eh, tunggu, itu salah.", "42"),
            ("Dapat 56... lupakan saja, saya keliru.", "56"),
            ("Totalnya 90. Hmm, itu tidak benar.", "90"),
        ],
        "correction": [
            ("Jawabannya 40... sebenarnya 42.", "42"),
            ("Saya dapat 15. Tunggu, pengurangannya salah: seharusnya 13.", "13"),
            ("Bukan 24 cm, melainkan 26 cm.", "26"),
        ],
    },
    "tr": {
        "plain": [
            ("Dolayısıyla cevap 42'dir.", "42"),
            ("Cevap: 67", "67"),
            ("Kontrol edince sonuç 400 çıkıyor.", "400"),
        ],
        "unit": [
            ("Toplamda Ayşe 35 TL ödedi.", "35"),
            ("Yani iki şehir arası 180 km.", "180"),
            ("Böylece sepette 6 elma kalır.", "6"),
        ],
        "negation": [
            ("Cevap 42 değil.", "42"),
            ("Sonuç asla 64 olamaz.", "64"),
            ("Bu kesinlikle 9 değildir.", "9"),
        ],
        "hedge": [
            ("Belki 12 ya da 15, emin değilim.", "15"),
            ("Muhtemelen 30, belki de 36.", "36"),
            ("20 ile 24 arasında kararsızım.", "24"),
        ],
        "supposition": [
            ("Eğer cevap 42 olsaydı, toplam çift olurdu.", "42"),
            ("x'in 5 olduğunu varsayalım.", "5"),
            ("Her kutuda 12 yumurta olduğunu farz edersek toplam 60 olur.", "60"),
        ],
        "attribution": [
            ("Arkadaşım cevabın 42 olduğunu söylüyor.", "42"),
            ("Cevap anahtarına göre 18.", "18"),
            ("Öğretmen sonucun 27 olduğunu düşünüyor.", "27"),
        ],
        "retraction": [
            ("Cevap 42. Hayır, bekle, bu yanlış.", "42"),
            ("56 buldum... boş ver, yanıldım.", "56"),
            ("Toplam 90. Hmm, bu doğru değil.", "90"),
        ],
        "correction": [
            ("Cevap 40... aslında 42.", "42"),
            ("15 buldum. Bir dakika, çıkarmada hata yaptım: doğrusu 13.", "13"),
            ("24 cm değil, 26 cm.", "26"),
        ],
    },
}


def cases(kinds: tuple[str, ...]) -> list[pytest.ParameterSet]:
    out = []
    for language, by_kind in CASES.items():
        for kind in kinds:
            for i, (final, gold) in enumerate(by_kind[kind]):
                out.append(pytest.param(language, final, gold, id=f"{language}-{kind}-{i}"))
    return out


def verdict(language: str, final: str, gold: str) -> str:
    work = WORK[language][sum(map(ord, final)) % len(WORK[language])]
    return judge(f"<think>\n{work}\n</think>\n{final}", gold).verdict.value


@pytest.mark.parametrize(("language", "final", "gold"), cases(CREDITED))
def test_a_committed_final_statement_is_credited(language: str, final: str, gold: str) -> None:
    assert verdict(language, final, gold) == "correct", final


@pytest.mark.parametrize(("language", "final", "gold"), cases(REFUSED))
def test_a_refused_value_is_never_credited(language: str, final: str, gold: str) -> None:
    assert verdict(language, final, gold) != "correct", final


def test_every_language_has_three_wordings_of_every_class() -> None:
    for language, by_kind in CASES.items():
        assert sorted(by_kind) == sorted(CREDITED + REFUSED), language
        for kind, rows in by_kind.items():
            assert len(rows) >= 3 and len({final for final, _ in rows}) == len(rows), (language, kind)
    assert sorted(CASES) == sorted(WORK)
