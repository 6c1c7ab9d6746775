import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../../test/fake-api";
import { orderDetail } from "../../../../test/order-fixtures";
import { indonesianShopper, inIndonesian, loggedIn, renderScreen } from "../../../../test/render-app";
import ReviewPage from "./review";

const items = [{ productId: 3, productName: "Mawar Merah", quantity: 1 }] as never;

function openReview(orderStatus: string, session = loggedIn()) {
  const api = fakeApi({
    "GET /api/users/session": session,
    "GET /api/order/31": { body: orderDetail(31, orderStatus, "Paid", { items }) },
    "GET /api/review/order/31": { body: [] },
  });
  renderScreen(<ReviewPage />, { path: "/review/:orderId", at: "/review/31" });
  return api;
}

describe("Review", () => {
  it("offers the form for a finished order", async () => {
    openReview("Finished");
    expect(await screen.findByRole("heading", { name: "Write a Review" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Submit Review" })).toBeTruthy();
  });

  it("tells the shopper an order still on its way cannot be reviewed yet, with no form to send", async () => {
    const api = openReview("In Delivery");
    expect(await screen.findByText("You can review this order once it has been delivered.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Submit Review" })).toBeNull();
    expect(screen.getByRole("link", { name: /Back to My Orders/ }).getAttribute("href")).toBe("/pesanan");
    expect(api.callsTo("POST /api/review")).toHaveLength(0);
  });
});

describe("Review, in Indonesian", () => {
  inIndonesian();

  it("names the form, the stars and what is missing in Indonesian", async () => {
    const api = openReview("Finished", loggedIn(indonesianShopper));
    expect(await screen.findByRole("heading", { name: "Tulis Ulasan" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Rating" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "5 bintang, Luar biasa" })).toBeTruthy();
    expect(screen.getByLabelText(/Komentar/).getAttribute("placeholder")).toBe("Bagaimana bunga dan pengirimannya?");
    screen.getByRole("button", { name: "Kirim Ulasan" }).click();
    expect(await screen.findByText("Silakan pilih rating.")).toBeTruthy();
    expect(api.callsTo("POST /api/review")).toHaveLength(0);
  });
});
