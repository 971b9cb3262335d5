import type { LotteryType, PushLanguage, PushNotification } from "@shwe/contracts";
import { formatAmount } from "@shwe/domain";

/** What a notification tells a player; rendered in the language of each of their browsers. */
export type PushEvent =
  | { kind: "cash"; direction: "in" | "out"; status: "approved" | "rejected"; amount: number; requestId: number }
  | { kind: "win"; lottery: LotteryType; number: string; amount: number; drawId: number }
  | { kind: "result"; lottery: LotteryType; number: string; drawId: number }
  | { kind: "support"; conversationId: number };

/** The notification icon (the app icon, a PNG as Android requires). */
export const PUSH_ICON = "/icons/icon-192.png";

type Texts = {
  currency: string;
  lottery: Record<LotteryType, string>;
  cashInApproved: (amount: string) => [string, string];
  cashInRejected: (amount: string) => [string, string];
  cashOutApproved: (amount: string) => [string, string];
  cashOutRejected: (amount: string) => [string, string];
  win: (lottery: string, number: string, amount: string) => [string, string];
  result: (lottery: string, number: string) => [string, string];
  support: [string, string];
};

/** Burmese first (the default), then English, Chinese and Thai; amounts in whole kyat with separators. */
const TEXTS: Record<PushLanguage, Texts> = {
  mm: {
    currency: "ကျပ်",
    lottery: { "1D": "ထိုင်း 1D", "2D": "ထိုင်း 2D", "3D": "ထိုင်း 3D", C1D: "ခရစ်ပ်တို 1D", C2D: "ခရစ်ပ်တို 2D" },
    cashInApproved: (a) => ["ငွေသွင်း အတည်ပြုပြီး", `သင်၏ ငွေသွင်း ${a} ကို အတည်ပြုပြီး ပင်မငွေထဲသို့ ထည့်ပြီးပါပြီ။`],
    cashInRejected: (a) => ["ငွေသွင်း ငြင်းပယ်ခံရသည်", `သင်၏ ငွေသွင်း ${a} ကို ငြင်းပယ်လိုက်ပါသည်။ အသေးစိတ်ကို ငွေသွင်းမှတ်တမ်းတွင် ကြည့်ပါ။`],
    cashOutApproved: (a) => ["ငွေထုတ် အတည်ပြုပြီး", `သင်၏ ငွေထုတ် ${a} ကို သင့်ပိုက်ဆံအိတ်သို့ လွှဲပေးပြီးပါပြီ။`],
    cashOutRejected: (a) => ["ငွေထုတ် ငြင်းပယ်ခံရသည်", `သင်၏ ငွေထုတ် ${a} ကို ငြင်းပယ်ပြီး ပမာဏကို ပင်မငွေထဲသို့ ပြန်ထည့်ပေးပါပြီ။`],
    win: (l, n, a) => ["ဂုဏ်ယူပါသည်! သင် ကံထူးပါပြီ", `${l} ပေါက်ဂဏန်း ${n} ဖြင့် ${a} ကံထူးပါသည်။`],
    result: (l, n) => [`${l} ပေါက်ဂဏန်း ထွက်ပါပြီ`, `${l} ၏ ပေါက်ဂဏန်းမှာ ${n} ဖြစ်ပါသည်။`],
    support: ["အကူအညီ ဝန်ဆောင်မှု", "ဝန်ထမ်းမှ သင့်မက်ဆေ့ချ်ကို ပြန်ဖြေထားပါသည်။ ဖတ်ရန် နှိပ်ပါ။"],
  },
  en: {
    currency: "Ks",
    lottery: { "1D": "Thai 1D", "2D": "Thai 2D", "3D": "Thai 3D", C1D: "Crypto 1D", C2D: "Crypto 2D" },
    cashInApproved: (a) => ["Cash-in approved", `Your cash-in of ${a} was approved and added to your main balance.`],
    cashInRejected: (a) => ["Cash-in rejected", `Your cash-in of ${a} was rejected. See your cash-in history for details.`],
    cashOutApproved: (a) => ["Cash-out approved", `Your cash-out of ${a} was sent to your wallet.`],
    cashOutRejected: (a) => ["Cash-out rejected", `Your cash-out of ${a} was rejected and the amount returned to your main balance.`],
    win: (l, n, a) => ["Congratulations, you won!", `${l} winning number ${n}: you won ${a}.`],
    result: (l, n) => [`${l} result is out`, `The ${l} winning number is ${n}.`],
    support: ["Support", "An operator answered your message. Tap to read it."],
  },
  cn: {
    currency: "缅元",
    lottery: { "1D": "泰国 1D", "2D": "泰国 2D", "3D": "泰国 3D", C1D: "加密 1D", C2D: "加密 2D" },
    cashInApproved: (a) => ["充值已批准", `您的充值 ${a} 已批准，并已存入主余额。`],
    cashInRejected: (a) => ["充值被拒绝", `您的充值 ${a} 被拒绝。详情请查看充值记录。`],
    cashOutApproved: (a) => ["提现已批准", `您的提现 ${a} 已转入您的钱包。`],
    cashOutRejected: (a) => ["提现被拒绝", `您的提现 ${a} 被拒绝，金额已退回主余额。`],
    win: (l, n, a) => ["恭喜您中奖了！", `${l} 开奖号码 ${n}：您赢得了 ${a}。`],
    result: (l, n) => [`${l} 开奖结果已公布`, `${l} 的开奖号码是 ${n}。`],
    support: ["客服", "客服已回复您的消息。点击查看。"],
  },
  thai: {
    currency: "จ๊าด",
    lottery: { "1D": "หวยไทย 1D", "2D": "หวยไทย 2D", "3D": "หวยไทย 3D", C1D: "คริปโต 1D", C2D: "คริปโต 2D" },
    cashInApproved: (a) => ["อนุมัติการฝากเงินแล้ว", `การฝากเงิน ${a} ของคุณได้รับการอนุมัติและเข้ายอดเงินหลักแล้ว`],
    cashInRejected: (a) => ["การฝากเงินถูกปฏิเสธ", `การฝากเงิน ${a} ของคุณถูกปฏิเสธ ดูรายละเอียดในประวัติการฝากเงิน`],
    cashOutApproved: (a) => ["อนุมัติการถอนเงินแล้ว", `การถอนเงิน ${a} ของคุณได้โอนเข้ากระเป๋าเงินของคุณแล้ว`],
    cashOutRejected: (a) => ["การถอนเงินถูกปฏิเสธ", `การถอนเงิน ${a} ของคุณถูกปฏิเสธ และคืนยอดเข้ายอดเงินหลักแล้ว`],
    win: (l, n, a) => ["ยินดีด้วย คุณถูกรางวัล!", `${l} เลขที่ออก ${n}: คุณได้รับ ${a}`],
    result: (l, n) => [`ผล ${l} ออกแล้ว`, `เลขที่ออกของ ${l} คือ ${n}`],
    support: ["ฝ่ายบริการลูกค้า", "เจ้าหน้าที่ตอบข้อความของคุณแล้ว แตะเพื่ออ่าน"],
  },
};

/** The page a notification opens. */
const LOTTERY_PAGE: Record<LotteryType, string> = {
  "1D": "/one/lottery",
  "2D": "/two/lottery",
  "3D": "/three/lottery",
  C1D: "/crypto/one/lottery",
  C2D: "/crypto/lottery",
};

/** The notification (title, body, icon, page to open, tag replacing an earlier one of the same event) in one language. */
export function renderPush(event: PushEvent, language: PushLanguage): PushNotification {
  const t = TEXTS[language] ?? TEXTS.mm;
  const money = (amount: number) => `${formatAmount(amount)} ${t.currency}`;
  let title: string;
  let body: string;
  let url: string;
  let tag: string;
  switch (event.kind) {
    case "cash": {
      const pick =
        event.direction === "in"
          ? event.status === "approved"
            ? t.cashInApproved
            : t.cashInRejected
          : event.status === "approved"
            ? t.cashOutApproved
            : t.cashOutRejected;
      [title, body] = pick(money(event.amount));
      url = "/wallet-history";
      tag = `cash-${event.requestId}`;
      break;
    }
    case "win":
      [title, body] = t.win(t.lottery[event.lottery], event.number, money(event.amount));
      url = "/betslip";
      tag = `draw-${event.drawId}`;
      break;
    case "result":
      [title, body] = t.result(t.lottery[event.lottery], event.number);
      url = LOTTERY_PAGE[event.lottery];
      tag = `draw-${event.drawId}`;
      break;
    case "support":
      [title, body] = t.support;
      url = "/?support=open";
      tag = `support-${event.conversationId}`;
      break;
  }
  return { title, body, icon: PUSH_ICON, url, tag };
}
