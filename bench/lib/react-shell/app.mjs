import { createElement as h, useState } from "react";

/**
 * The bare React shell's page: a header, a heading and a paragraph of Burmese text in the site's font, a
 * list, and one button with state (so hydration has an event to attach). No router, no data layer, no
 * styles beyond the inline ones: what React 19 alone costs an entry page.
 */
const RESULTS = [
  ["၁၂:၀၁", "၄၇"],
  ["၁၆:၃၀", "၀၃"],
  ["၁၂:၀၁", "၈၉"],
  ["၁၆:၃၀", "၂၅"],
  ["၁၂:၀၁", "၆၁"],
  ["၁၆:၃၀", "၁၈"],
];

export function App() {
  const [open, setOpen] = useState(false);
  return h(
    "div",
    { className: "page" },
    h("header", { className: "top" }, h("strong", null, "Shwe Lucky"), h("span", null, "ကံစမ်းမဲ")),
    h(
      "main",
      null,
      h("h1", null, "ယနေ့ 2D ထွက်ဂဏန်းများ"),
      h(
        "p",
        null,
        "နေ့စဉ် နံနက် ၁၂ နာရီ ၀၁ မိနစ်နှင့် ညနေ ၄ နာရီ ၃၀ မိနစ်တွင် ထွက်ဂဏန်းများကို ကြေညာပါသည်။ ",
        "သင်ထိုးထားသော ဂဏန်းများကို ဤနေရာတွင် စစ်ဆေးနိုင်ပြီး ပေါက်ငွေများကို သင့်အကောင့်သို့ ချက်ချင်း ထည့်ပေးပါမည်။",
      ),
      h(
        "ul",
        null,
        RESULTS.map(([time, number], i) => h("li", { key: i }, h("span", null, time), " ", h("b", null, number))),
      ),
      h("button", { type: "button", onClick: () => setOpen((o) => !o) }, open ? "ပိတ်ရန်" : "ထပ်ကြည့်ရန်"),
      open ? h("p", null, "နောက်ထပ် ရလဒ်များ မကြာမီ ရောက်ရှိပါမည်။") : null,
    ),
  );
}
