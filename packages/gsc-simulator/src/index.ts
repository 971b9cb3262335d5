export { CURRENCY_RATIOS, formatUnits, kyatText, toUnits, UNIT, unitsToNumber } from "./amount.ts";
export { Catalogue, type GameRow, PRODUCT_CURRENCIES, type ProductRow, type ProductStatus } from "./catalogue.ts";
export { type GamePageConfig, gamePage } from "./game-page.ts";
export {
  type Amount,
  type ElementInput,
  type EnvelopeOptions,
  type PushAnswer,
  type PushWagerInput,
  type RoundTarget,
  ScenarioSender,
  type ScenarioSenderOptions,
  type TxInput,
  type WalletAnswer,
  type WalletRow,
  type WebhookCall,
  WebhookUnreachableError,
} from "./scenarios.ts";
export {
  md5Hex,
  type OperatorApiKeyword,
  operatorApiSign,
  operatorApiSignValid,
  WEBHOOK_KEYWORDS,
  type WebhookName,
  webhookSign,
} from "./sign.ts";
export {
  GscSimulator,
  type GscSimulatorOptions,
  type LaunchRecord,
  randomOutcome,
  registerGscSimulator,
  SIM_CODES,
  type StartedGscSimulator,
  startGscSimulator,
} from "./simulator.ts";
export { type Wager, WagerBook } from "./wagers.ts";
