import { ui } from "./store.js";
import { SetupScreen } from "./SetupScreen.js";
import { BattleScreen } from "./BattleScreen.js";

export function App() {
  const u = ui.value;
  return u.screen === "battle" && u.battle ? <BattleScreen view={u.battle} /> : <SetupScreen />;
}
