import { useSearchParams } from "react-router";
import { chosenDate, shopToday } from "../lib/deliveries";

/** The day chosen in the address (`?date=`, today in Bandung without one), so a day can be reloaded and printed. */
export function useDeliveryDay() {
  const [params, setParams] = useSearchParams();
  const today = shopToday();
  const date = chosenDate(params.get("date"), today);
  return { date, today, setDate: (next: string) => setParams({ date: next }) };
}
