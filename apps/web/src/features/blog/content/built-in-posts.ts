import type { PostDetail } from "@florist/contract";
import basketUrl from "../../../assets/featured-basket.svg";
import handBouquetUrl from "../../../assets/featured-hand-bouquet.svg";
import vaseUrl from "../../../assets/featured-vase.svg";

/**
 * Shown when the server has no posts, so the blog is never empty. Only posts 1 and 2 have article content; any
 * other id opens post 1.
 */
export const BUILT_IN_POSTS: PostDetail[] = [
  {
    postId: 1,
    title: "Choosing Wedding Flowers That Last the Whole Day",
    excerpt: "Which blooms stay fresh from the ceremony to the last photo, and how to match them to your theme.",
    imageUrl: handBouquetUrl,
    publishedAt: "2025-01-15T09:00:00.000Z",
    author: "Tim Florist",
    category: "Wedding",
    sections: [
      {
        heading: "Start with the season",
        paragraphs: [
          "Flowers in season are fresher, sturdier and kinder to the budget. In Bandung's cool climate roses, chrysanthemums, baby's breath and eustoma are available almost all year.",
          "Tell your florist the date early: imported blooms such as peonies need to be ordered weeks ahead.",
        ],
      },
      {
        heading: "Pick flowers that keep their shape",
        paragraphs: ["A wedding day is long. These flowers look as good at the reception as at the ceremony:"],
        bullets: ["Roses and spray roses", "Orchids", "Chrysanthemums", "Carnations", "Baby's breath"],
      },
      {
        heading: "Match the colours to the venue",
        paragraphs: [
          "Soft pastels glow in garden venues and daylight; deep reds and burgundy stand out in evening ballrooms. Bring a photo of the venue and the dress to your consultation.",
        ],
      },
    ],
  },
  {
    postId: 2,
    title: "Keep Your Bouquet Fresh for Longer",
    excerpt: "Simple habits — a clean vase, a fresh cut, cool water — that add days to your flowers.",
    imageUrl: vaseUrl,
    publishedAt: "2025-02-03T09:00:00.000Z",
    author: "Tim Florist",
    category: "Flower Care",
    sections: [
      {
        heading: "As soon as the flowers arrive",
        paragraphs: ["Give them a drink straight away, even before you decide where they go."],
        bullets: [
          "Wash the vase with soap and rinse well.",
          "Fill it two thirds with cool, clean water.",
          "Cut 2 cm off each stem at an angle with a sharp knife or scissors.",
          "Remove every leaf that would sit below the water line.",
        ],
      },
      {
        heading: "Every day after",
        paragraphs: [
          "Change the water every one or two days and trim the stems a little each time. Keep the vase away from direct sun, air conditioner vents and ripening fruit, which shortens a flower's life.",
        ],
      },
      {
        heading: "When a flower fades",
        paragraphs: [
          "Take out wilted stems so they do not spoil the water for the rest. A smaller vase keeps the remaining flowers looking full.",
        ],
      },
    ],
  },
  {
    postId: 3,
    title: "What Flower Colours Mean",
    excerpt: "Red for love, yellow for friendship, white for new beginnings: say it with the right colour.",
    imageUrl: basketUrl,
    publishedAt: "2025-03-10T09:00:00.000Z",
    author: "Tim Florist",
    category: "Inspiration",
    sections: [],
  },
];

export function builtInArticle(postId: number): PostDetail {
  const withContent = BUILT_IN_POSTS.filter((post) => post.sections.length > 0);
  const fallback = withContent[0] as PostDetail;
  return withContent.find((post) => post.postId === postId) ?? fallback;
}
