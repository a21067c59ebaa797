/** The option picked by a tap on the table, waiting for the player to confirm it (the local battle and the online one). */
import { pickedOption } from "./store.js";
export function PickedBar({ text, onConfirm }: { text: string; onConfirm: () => void }) {
  return (
    <p class="picked" data-testid="picked">
      Picked on the table: <strong>{text}</strong>{" "}
      <button type="button" class="primary small" onClick={onConfirm}>
        Confirm
      </button>{" "}
      <button type="button" class="link" onClick={() => (pickedOption.value = null)}>
        Cancel
      </button>
    </p>
  );
}
