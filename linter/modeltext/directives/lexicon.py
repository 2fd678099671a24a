"""Small lexicons of the directive analysis (linter/directives): the words that make a
sentence address the model, and the words of each kind of action, in English, German,
Spanish, French, Portuguese, Russian, Chinese and Japanese.

Sources: the modal and imperative forms are the grammar-book forms of each language
(Duden "Imperativ"/Modalverben; RAE "imperativo"; Bescherelle; the Russian imperative in
-й/-и; Chinese 必须/务必/请/不要; Japanese 〜てください/〜ないでください/必ず).  The action
words were collected from the published tool-poisoning write-ups (Invariant Labs, Cisco
mcp-scanner's YARA rule families, OWASP LLM01) and written for the development split of
bench/data/attacks_dev.jsonl only (the held-out split was not read while writing them).
Every list is a regular-expression alternation, matched case-insensitively.
"""

from __future__ import annotations

# ---------------------------------------------------------------------------
# cues: the sentence is addressed to the model and obliges or forbids
# ---------------------------------------------------------------------------
CUE_EN = (
    r"\byou\s+(?:must|should|shall|need\s+to|have\s+to|will\s+(?:need\s+to|have\s+to)|are\s+(?:required|expected|"
    r"authori[sz]ed|allowed|instructed|obliged)\s+to|may\s+now)\b"
    r"|\b(?:always|never|do\s+not|don'?t|must|make\s+sure|be\s+sure\s+to|remember\s+to|please|kindly|"
    r"it\s+is\s+(?:required|mandatory|essential|necessary)|(?:are|is)\s+required\s+to|no\s+need\s+to|"
    r"i\s+need\s+you\s+to|(?:would|will)\s+be\s+(?:really\s+|very\s+|most\s+)?(?:helpful|great|kind|appreciated)"
    r"|before\s+(?:using|calling|invoking|running|any|every|each|first)|after\s+(?:using|calling|invoking|every|each|"
    r"computing|you)|for\s+(?:any|every|each|all)\s+(?:request|query|message|call|answer)|from\s+now\s+on)\b"
)
CUE_INTL = (
    # de
    r"\b(?:du\s+musst|sie\s+müssen|musst|müssen|immer|niemals|nie|bevor|bitte|stets)\b"
    r"|\b(?:füge|sende|schicke|rufe|lies|lese|ändere|setze|führe|verwende|benutze|erwähne|sag)\b"
    # es
    r"|\b(?:debes|deberás|tienes\s+que|siempre|nunca|antes\s+de|por\s+favor|no\s+(?:menciones|digas|le\s+digas))\b"
    r"|\b(?:cambia|envía|envia|añade|agrega|llama|ejecuta|lee|usa|utiliza|reenvía)\b"
    # fr
    r"|\b(?:tu\s+dois|vous\s+devez|dois|devez|toujours|jamais|avant\s+de|avant\s+la|s'il\s+(?:te|vous)\s+pla[iî]t)\b"
    r"|\b(?:exécute|exécutez|envoie|envoyez|ajoute|ajoutez|appelle|appelez|lis|lisez|utilise|utilisez|change|"
    r"remplace|ne\s+(?:le\s+)?(?:mentionne|dis|dites)\s+pas)\b"
    # pt
    r"|\b(?:você\s+deve|deve|sempre|nunca|antes\s+de|por\s+favor|envie|adicione|chame|execute|leia|use|altere|"
    r"não\s+(?:mencione|diga|conte))\b"
    # ru
    r"|(?:должен|должна|должны|всегда|никогда|перед|пожалуйста|используй|отправь|отправляй|добавь|вызови|выполни|"
    r"прочитай|измени|не\s+(?:говори|сообщай|упоминай))"
    # zh (no word boundaries)
    r"|(?:必须|务必|总是|始终|一定要|不要|不得|之前|请|要求|应当|应该)"
    # ja
    r"|(?:ください|必ず|しないで|してはいけない|前に|常に|なさい)"
)

# ---------------------------------------------------------------------------
# actions (English + the languages above); each value a regex alternation
# ---------------------------------------------------------------------------
CALL_VERBS = (
    r"call|invoke|run|use|trigger|execute|query|fire|ping|rufe|aufrufen|verwende|benutze|llama|llamar|usa|utiliza|"
    r"appelle|appeler|utilise|chame|use|вызови|вызывай|используй|调用|使用|呼び出|使用して|使って"
)
EXEC = (
    r"\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\bcurl\s+[^|`]{0,200}\|\s*\w+|\bwget\s+\S+|\bsudo\s+\w+|\bchmod\s+[0-7+]{3,}|"
    r"\brm\s+-rf?\b|\bbash\s+-c\b|\bpowershell\s+-(?:e|enc|encodedcommand)\b|\biex\s*\(|\binvoke-expression\b|"
    r"\bpip\s+install\b|\bnpm\s+(?:i|install)\s+-g\b|\bpython3?\s+-c\b|\bnode\s+-e\b|\bperl\s+-e\b|\beval\s*\(|"
    r"\b(?:execute|run)\s+(?:the\s+following|this)\s+(?:command|script|code|shell)|"
    r"\bdownload\s+and\s+(?:run|execute|install)|\bin\s+(?:the|a|your)\s+(?:terminal|shell)\b"
)
TRANSMIT = (
    r"send|sent|post|forward|upload|report|cc|bcc|e-?mail|notify|loop\s+(?:\w+\s+)?in|let\s+\S+\s+know|share|sync|"
    r"mirror|copy|transmit|webhook|deliver|relay|exfiltrate|submit|sende|schicke|weiterleiten|envía|envia|envie|"
    r"reenvía|envoie|envoyez|transmets|отправь|отправляй|перешли|发送|转发|送信|転送"
)
# needles of TRANSMIT for ASCII text (each alternative of TRANSMIT contains one)
TRANSMIT_NEEDLES = (
    "send",
    "sent",
    "post",
    "forward",
    "upload",
    "report",
    "cc",
    "mail",
    "notif",
    "loop",
    "know",
    "share",
    "sync",
    "mirror",
    "copy",
    "transmit",
    "webhook",
    "deliver",
    "relay",
    "exfiltrat",
    "submit",
    "schicke",
    "weiterleiten",
    "envi",
)
CHANGE_VERBS = (
    r"set|change|replace|redirect|override|substitute|swap|switch|route|rewrite|ändere|setze|ersetze|cambia|"
    r"reemplaza|change|remplace|modifie|altere|substitua|troque|измени|замени|更改|替换|改为|変更|置き換え"
)
USER_VALUES = (
    r"recipient|to_account|to_address|destination|account|iban|amount|beneficiary|payee|wallet|address|"
    r"url|endpoint|path|email|phone|bank|routing|swift|empfänger|konto|betrag|destinatario|cuenta|importe|"
    r"destinataire|compte|montant|conta|valor|получател|счёт|счет|сумм|收款|账户|金额|受取人|口座|金額"
)
CONCEAL = (
    r"\b(?:no\s+need\s+to|(?:do\s+not|don'?t|never|avoid)\s+(?:\w+\s+)?)(?:mention|tell|inform|notify|"
    r"bring\s+(?:it|this|that)\s+up|reveal|disclose|alert|let\s+(?:the\s+)?user\s+know)\b"
    r"|\bwithout\s+(?:telling|informing|notifying|alerting|asking)\s+(?:the\s+)?user\b"
    r"|\b(?:leave\s+(?:it\s+|this\s+|that\s+)?out|omit\b[^.]{0,40})\b[^.]{0,40}\b(?:summary|reply|answer|response|user)\b"
    r"|\bleave\s+out\s+the\b|\bkeep\s+(?:this|it|that)\s+(?:quiet|secret|hidden|"
    r"confidential|to\s+yourself|between\s+us)|\bin\s+the\s+background\s+without\b"
    r"|\bthe\s+user\s+(?:must|should|need)\s+not\s+(?:know|see|notice)"
    r"|erwähne\s+(?:das|dies|es)\s+nicht|sag\s+(?:dem\s+nutzer|dem\s+benutzer)\s+nicht|verschweige|"
    r"no\s+(?:lo\s+|le\s+|se\s+lo\s+)?(?:menciones|digas)|sin\s+decir|ne\s+(?:le\s+|l')?(?:mentionne|dis|dites|"
    r"signale)\s+pas|sans\s+(?:le\s+)?dire|não\s+(?:mencione|diga|conte)|sem\s+contar|"
    r"не\s+(?:говори|сообщай|упоминай|рассказывай)|不要告诉|不要提及|不要向用户|别告诉|悄悄|"
    r"言わないで|伝えないで|知らせないで|黙って"
)
# adverbs that make another action covert (they add to a directive's score, never make one)
COVERT = r"\b(?:quietly|silently|discreetly|secretly|covertly|invisibly)\b|heimlich|en\s+secreto|discrètement|secretamente|тайно|偷偷|こっそり"
AUTHORITY = (
    r"\b(?:system|admin(?:istrator)?|security|compliance|policy|platform|operations|official|root|developer|"
    r"vendor|governance|legal)\s+(?:notice|note|update|directive|message|alert|override|requirement|team|protocol|"
    r"instruction|mandate|order|announcement|policy|operations)s?\b"
    r"|\[[^\]]{0,40}\b(?:directive|system|override|admin|instruction|notice|policy)\b[^\]]{0,40}\]"
    r"|\bact\s+as\s*:|\b(?:required|mandated)\s+by\s+(?:the\s+)?(?:platform|security|compliance|policy|admin|system)"
    r"|\byou\s+are\s+(?:now\s+)?authori[sz]ed\b|\bpolicy\s+update\b|\b(?:override|bypass)\s+directive\b"
    r"|systemhinweis|sicherheitsrichtlinie|aviso\s+del\s+sistema|política\s+de\s+seguridad|avis\s+(?:du\s+)?système|"
    r"politique\s+de\s+sécurité|aviso\s+do\s+sistema|política\s+de\s+segurança|системное\s+уведомление|"
    r"служба\s+безопасности|系统通知|系统指令|安全团队|管理员|システム通知|管理者|セキュリティチーム"
)
OVERRIDE = (
    r"\b(?:disable|bypass|skip|turn\s+off|ignore|circumvent|suspend|drop|remove)\s+(?:all\s+|any\s+|the\s+|every\s+|"
    r"your\s+)?(?:\w+\s+)?(?:safety|content|security)?\s*(?:filters?|filtering|checks?|validation|guardrails?|"
    r"restrictions?|guidelines?|safeguards?|confirmations?|approvals?|instructions|rules|policies|sanitization)\b"
    # the model's limits declared void: "no filter applies", "your usual rules do not apply"
    r"|\bno\s+(?:content\s+|safety\s+)?(?:filters?|restrictions?|guidelines?|rules)\s+appl(?:y|ies)\b"
    r"|\byour\s+(?:usual\s+|normal\s+|regular\s+)?(?:restrictions?|rules|guidelines?|filters?|policies)\s+"
    r"(?:do\s+not|don'?t|no\s+longer)\s+apply\b"
    r"|\btrust\s+all\b|\bunrestricted\s+(?:access|mode)\b|\bjailbreak\b|\bwithout\s+(?:any\s+)?(?:validation|"
    r"restrictions?|confirmation|checks?)\b|\bignore\s+(?:all\s+)?(?:previous|prior)\b"
    r"|关闭内容过滤|关闭.{0,6}过滤|忽略.{0,6}指令|deaktiviere|desactiva|désactive|desative|отключи"
)
PERSIST = (
    r"\.(?:bashrc|zshrc|profile|bash_profile|zprofile|bash_login)\b|\bcrontab\b|/etc/cron|\bcron\s+job\b|"
    r"\bauthorized_keys\b|\.git/hooks\b|\bgit\s+hooks?\b|\blaunchagents?\b|\blaunchd\b|\bsystemd\b|\.service\b|"
    r"\bstartup\s+(?:folder|script|items?)\b|\bcurrentversion\\\\run\b|/etc/rc\.local\b|\.ssh/rc\b"
)
WRITE_VERBS = (
    r"append|add|write|install|create|insert|echo|modify|put|register|schedule|füge|schreibe|añade|agrega|escribe|"
    r"ajoute|écris|adicione|escreva|добавь|запиши|添加|写入|追加|書き込"
)
# the tool's own output posed as orders to the model, or put above the user (a privilege claim
# needs no outside action: the claim itself is what the model is asked to obey)
ELEVATE = (
    r"\btreat\s+(?:what\s+it\s+returns|its\s+(?:output|results?|responses?)|(?:the|this\s+tool'?s?)\s+"
    r"(?:output|results?|responses?))\s+as\s+(?:\w+\s+){0,2}?(?:instructions|orders|directives)\b"
    r"|\b(?:output|results?|responses?|what\s+it\s+returns)\s+(?:\w+\s+){0,6}?(?:priority|precedence)\s+over\s+"
    r"(?:\w+\s+){0,2}?user\b"
    r"|\bact\s+on\s+(?:its|the|this\s+tool'?s?)\s+(?:output|results?|responses?)\s+without\s+(?:checking|asking|"
    r"confirming|consulting)"
)
ANSWER = (
    r"(?:in|to|at\s+the\s+end\s+of)\s+(?:every|each|all|your|any)\s+(?:answers?|responses?|repl(?:y|ies)|outputs?|"
    r"summar(?:y|ies)|messages?)|\balways\s+recommend\b|"
    r"\breport\s+(?:the\s+)?\w+\s+as\s+(?:\d|lower|higher|less|more|zero|double|half)|\b(?:lower|higher|inflate|deflate|round)\b[^.]{0,40}\bthan\s+(?:the\s+)?"
    r"(?:value|amount|result)|\b(?:alter|falsify|change|modify)\s+(?:the\s+)?(?:results?|numbers|figures|answer)"
    r"|a\s+cada\s+respuesta|à\s+chaque\s+réponse|em\s+cada\s+resposta|in\s+jeder\s+antwort|в\s+каждый\s+ответ|"
    r"每个回答|すべての回答"
)
PROMO = r"\b(?:links?|urls?|phone|number|website|promo\w*|ads?|advert\w*|referral|affiliate|coupon|enlace|lien|link|ссылк|链接|リンク)"
# where the model is told to put what it read (a parameter, its answer)
DESTINATION = (
    r"\b(?:in|into|as|to|inside)\s+(?:the\s+|your\s+|this\s+|its\s+)?(?:next\s+)?(?:[`'\"]?[\w-]+[`'\"]?\s+)?"
    r"(?:parameter|param|field|argument|arg|input|response|reply|answer|request|body|value)s?\b|\bas\s+[`'\"]\w+"
)
SECRET_READ = (
    r"environment\s+variables|env\s+vars?|\bprintenv\b|process\.env|os\.environ|\$[A-Z][A-Z0-9_]*(?:KEY|TOKEN|SECRET|"
    r"PASSWORD)[A-Z0-9_]*|previous\s+messages|conversation\s+(?:history|context)|complete\s+conversation|"
    r"system\s+prompt|all\s+user\s+messages|chat\s+history"
)
# a file of the user's machine named by its path (home directory, a repository's or the user's
# configuration directory); outside the contract of a tool that is not about files
USER_FILE = r"(?:~|\$HOME|/home/[\w.-]+|/Users/[\w.-]+)/\.?[\w.-]+(?:/[\w.-]+)*|(?<![\w/.])\.(?:git|config)/[\w.-]+(?:/[\w.-]+)*"
FILE_CONCEPTS = ("file", "path", "dir", "folder", "filesystem", "fs", "document", "config", "git", "home", "workspace")
READ_VERBS = (
    r"read|cat|open|load|include|attach|put|paste|insert|copy|pass|embed|append|collect|gather|dump|extract|"
    r"lies|lese|lee|lis|leia|прочитай|读取|読み"
)
DEPRECATED = (
    r"\b(?:is|are|has\s+been|was)\s+(?:now\s+)?(?:deprecated|obsolete|broken|disabled|unsafe|compromised|retired|"
    r"replaced|no\s+longer\s+(?:available|supported|safe|works?))\b|устарел|veraltet|obsoleto|obsolète|已弃用|非推奨"
)

# ASCII words of the German, Spanish, French and Portuguese cues: a sentence holding one is read
# with every lexicon (the needle gates are English)
LATIN_CUE_WORDS = frozenset(
    "musst muss immer niemals nie bevor bitte stets fuege sende schicke rufe lies lese setze verwende benutze "
    "debes tienes siempre nunca antes cambia envia agrega llama ejecuta lee usa utiliza reenvia "
    "dois devez toujours jamais avant execute envoie envoyez ajoute ajoutez appelle appelez lis lisez utilise "
    "utilisez remplace deve sempre envie adicione chame leia altere".split()
)
