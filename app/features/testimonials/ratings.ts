/** A testimonial's rating, in stars. */
export const RATINGS = [1, 2, 3, 4, 5] as const;
