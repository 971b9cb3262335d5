import { createHash } from "node:crypto";
import { escapeXml } from "./catalogue.ts";

/**
 * The simulator's game page: one self-contained HTML document (inline CSS and script, no external
 * assets) of a small three-reel slot, sized for phones (390 × 844 and up). It asks the simulator for
 * the balance (the simulator asks the operator's /balance webhook) and spins through it (the simulator
 * sends a signed /withdraw BET, then a /deposit SETTLED). Labels are Burmese first, English below.
 */

export interface GamePageConfig {
  /** Absolute base of this play session's API: `${base}/state` and `${base}/spin?stake=`. */
  apiBase: string;
  gameName: string;
  productTitle: string;
  currency: string;
  stakes: string[];
  lobbyUrl: string;
}

export interface GamePage {
  html: string;
  /** The CSP source of the inline script ('sha256-…'), for a Content-Security-Policy header. */
  scriptHash: string;
}

const STYLE = `
*{box-sizing:border-box}
html,body{margin:0;min-height:100%;background:#12081f;color:#fff4d6;font-family:"Noto Sans Myanmar","Myanmar Text",Padauk,system-ui,sans-serif}
main{max-width:480px;margin:0 auto;padding:16px 16px 24px;display:flex;flex-direction:column;gap:14px;min-height:100vh}
header{display:flex;align-items:center;justify-content:space-between;gap:8px}
h1{font-size:20px;margin:0;line-height:1.3}
.sub{font-size:12px;color:#c9b98f}
button{font:inherit;border:0;border-radius:12px;cursor:pointer}
#exit{background:#3a2a55;color:#fff4d6;padding:10px 14px;min-height:44px}
.card{background:#22133a;border:1px solid #4b3470;border-radius:16px;padding:14px}
#balance{font-size:28px;font-weight:700;color:#ffd54a;margin-top:4px}
#kyat{font-size:14px;color:#c9b98f}
#reels{display:flex;justify-content:center;gap:10px;padding:18px 0}
.reel{width:84px;height:96px;display:flex;align-items:center;justify-content:center;font-size:44px;background:#fff8e6;color:#5a1a1a;border-radius:14px;box-shadow:inset 0 -6px 0 #e2c98f}
#reels.spinning .reel{animation:shake .25s linear infinite}
@keyframes shake{0%{transform:translateY(-3px)}50%{transform:translateY(3px)}100%{transform:translateY(-3px)}}
#stakes{display:grid;grid-template-columns:repeat(5,1fr);gap:8px}
#stakes button{background:#3a2a55;color:#fff4d6;padding:10px 0;min-height:44px}
#stakes button[aria-pressed="true"]{background:#ffd54a;color:#2a1140;font-weight:700}
#spin{background:linear-gradient(#ff7a45,#d6336c);color:#fff;font-size:22px;font-weight:700;padding:16px;min-height:60px}
#spin:disabled{opacity:.5}
#message{min-height:48px;text-align:center;font-size:16px}
#message.win{color:#7dffa3}#message.error{color:#ff9a9a}
#history{list-style:none;margin:0;padding:0;font-size:13px;color:#c9b98f}
#history li{display:flex;justify-content:space-between;border-top:1px solid #3a2a55;padding:6px 0}
`;

const SCRIPT = `
const C = JSON.parse(document.getElementById("config").textContent);
const $ = (id) => document.getElementById(id);
const MESSAGES = {
  "1000": "ကစားသမား မရှိပါ · Member not found",
  "1001": "လက်ကျန်ငွေ မလုံလောက်ပါ · Insufficient balance",
  "1002": "အော်ပရေတာ ကုဒ် မှားနေသည် · Operator code error",
  "1003": "ထပ်နေသော ငွေလွှဲ · Duplicate transaction",
  "1004": "လက်မှတ် (sign) မမှန်ပါ · Invalid signature",
  "1006": "လောင်းကြေး မတွေ့ပါ · Bet not found",
  "2000": "ပြုပြင်ထိန်းသိမ်းနေသည် · Under maintenance",
  "999": "စနစ် ချို့ယွင်းနေသည် · System error",
  "unreachable": "ဆိုက်နှင့် ချိတ်ဆက်၍ မရပါ · The site does not answer",
  "pending": "ရလဒ် မရောက်သေးပါ၊ နောက်မှ ပြန်စစ်ပါ · Result pending, check your balance later",
  "busy": "လှည့်နေဆဲ ဖြစ်သည် · A spin is still running",
  "session": "ဂိမ်း ဆက်ရှင် မရှိတော့ပါ · This game session has ended",
};
function describe(r) {
  const key = r.code === undefined ? "unreachable" : String(r.code);
  return MESSAGES[key] || ((r.message || "Error") + " (" + key + ")");
}
let stake = C.stakes[0];
let busy = false;
function showBalance(r) {
  if (r.balance === undefined || r.balance === null) return;
  $("balance").textContent = C.currency + " " + r.balance;
  $("kyat").textContent = r.balance_kyat !== undefined && C.currency !== "MMK" ? "≈ " + r.balance_kyat + " ကျပ် (kyat)" : "";
}
function say(text, kind) { const m = $("message"); m.textContent = text; m.className = kind || ""; }
async function call(path, method) {
  try {
    const res = await fetch(C.apiBase + path, { method: method || "GET" });
    return await res.json();
  } catch (e) { return { ok: false, code: "unreachable" }; }
}
async function refresh() {
  const r = await call("/state");
  if (r.ok) { showBalance(r); say("", ""); } else { showBalance(r); say(describe(r), "error"); }
}
function renderStakes() {
  const box = $("stakes"); box.textContent = "";
  for (const s of C.stakes) {
    const b = document.createElement("button");
    b.type = "button"; b.textContent = s; b.setAttribute("aria-pressed", String(s === stake));
    b.addEventListener("click", () => { stake = s; renderStakes(); });
    box.appendChild(b);
  }
}
async function spin() {
  if (busy) return;
  busy = true; $("spin").disabled = true; $("reels").classList.add("spinning"); say("…", "");
  const r = await call("/spin?stake=" + encodeURIComponent(stake), "POST");
  $("reels").classList.remove("spinning"); busy = false; $("spin").disabled = false;
  if (r.reels) r.reels.forEach((s, i) => { $("r" + i).textContent = s; });
  showBalance(r);
  if (!r.ok) { say(describe(r), "error"); return; }
  const won = r.win !== "0";
  say(won ? "နိုင်ပါပြီ! · You won " + C.currency + " " + r.win : "ဒီတစ်ခါ မနိုင်ပါ · No win this time", won ? "win" : "");
  const li = document.createElement("li");
  li.innerHTML = "<span></span><span></span>";
  li.firstChild.textContent = C.currency + " " + r.stake + " → " + r.win;
  li.lastChild.textContent = r.wager_code;
  $("history").prepend(li);
  while ($("history").children.length > 5) $("history").lastChild.remove();
}
function exit() {
  try { window.top.location.href = C.lobbyUrl; } catch (e) { window.location.href = C.lobbyUrl; }
}
$("spin").addEventListener("click", spin);
$("exit").addEventListener("click", exit);
renderStakes();
refresh();
`;

/** The page of one play session. */
export function gamePage(config: GamePageConfig): GamePage {
  const script = SCRIPT;
  const scriptHash = `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;
  const json = JSON.stringify(config).replace(/</g, "\\u003c");
  const html = `<!doctype html>
<html lang="my">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">
<link rel="icon" href="data:,">
<title>${escapeXml(config.gameName)} · ${escapeXml(config.productTitle)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header>
<div><h1>${escapeXml(config.gameName)}</h1><div class="sub">${escapeXml(config.productTitle)} · GSC+ simulator</div></div>
<button id="exit" type="button">ထွက်မည် · Exit</button>
</header>
<section class="card" aria-live="polite">
<div class="sub">လက်ကျန်ငွေ · Balance</div>
<div id="balance">…</div>
<div id="kyat"></div>
</section>
<div id="reels" aria-label="reels"><div class="reel" id="r0">7</div><div class="reel" id="r1">♦</div><div class="reel" id="r2">★</div></div>
<section>
<div class="sub">လောင်းကြေး (${escapeXml(config.currency)}) · Stake</div>
<div id="stakes"></div>
</section>
<button id="spin" type="button">လှည့်မည် · SPIN</button>
<div id="message" role="status"></div>
<ul id="history"></ul>
</main>
<script type="application/json" id="config">${json}</script>
<script>${script}</script>
</body>
</html>`;
  return { html, scriptHash };
}
