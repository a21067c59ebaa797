/** The battle page: the new-battle form, then the battle. */
import type { PageProps } from "../shell/location.js";
import { BattleScreen } from "./BattleScreen.js";
import { SetupScreen } from "./SetupScreen.js";
import { ui } from "./store.js";

export default function BattlePage(_props: PageProps) {
  const u = ui.value;
  return u.screen === "battle" && u.battle ? <BattleScreen view={u.battle} /> : <SetupScreen />;
}
