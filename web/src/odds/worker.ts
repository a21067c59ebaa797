/** The odds worker: runs a calculator off the page's thread (Monte Carlo ones report progress). */
import { runCalculator } from "./run.js";

export interface OddsRequest {
  id: number;
  name: string;
  input: unknown;
}
export type OddsReply = { id: number; type: "progress"; done: number } | ({ id: number } & ReturnType<typeof runCalculator>);

self.onmessage = (e: MessageEvent<OddsRequest>) => {
  const { id, name, input } = e.data;
  const post = (m: OddsReply) => (self as unknown as Worker).postMessage(m);
  post({ id, ...runCalculator(name, input, (done) => post({ id, type: "progress", done })) });
};
