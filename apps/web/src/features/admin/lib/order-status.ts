import { nextStatuses, type OrderStatus } from "@florist/contract/rules";

/** The admin's buttons for moving an order on, one per status the order may go to next. */
export type StatusAction = "start-delivery" | "reject" | "finish";

/** The status each action moves an order to. */
export const ACTION_TARGET: Readonly<Record<StatusAction, OrderStatus>> = {
  "start-delivery": "In Delivery",
  reject: "Denied",
  finish: "Finished",
};

const ACTIONS = Object.keys(ACTION_TARGET) as StatusAction[];

/**
 * The actions an order offers, from the transitions the server allows (docs/rules.md): Order
 * Received goes to In Delivery or Denied, In Delivery to Finished; Finished and Denied are final.
 */
export function statusActions(status: string): StatusAction[] {
  return nextStatuses(status).flatMap((next) => ACTIONS.filter((action) => ACTION_TARGET[action] === next));
}
