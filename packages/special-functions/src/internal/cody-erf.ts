/**
 * The rational Chebyshev approximations of W. J. Cody, "Rational Chebyshev approximations for
 * the error function", Math. Comp. 23 (1969) 631–637, with the coefficients of his CALERF
 * routine (Cody 1993, ACM TOMS 19, Algorithm 715): three intervals |x| ≤ 0.5, 0.5 < |x| ≤ 4 and
 * |x| > 4, each accurate to about 1e-18 relative before rounding.
 */

const A0 = 3.1611237438705656;
const A1 = 113.86415415105016;
const A2 = 377.48523768530202;
const A3 = 3209.3775891384695;
const A4 = 0.18577770618460315;
const B0 = 23.601290952344122;
const B1 = 244.02463793444417;
const B2 = 1282.6165260773723;
const B3 = 2844.2368334391706;

const C0 = 0.56418849698867009;
const C1 = 8.8831497943883759;
const C2 = 66.119190637141634;
const C3 = 298.63513819740013;
const C4 = 881.95222124176909;
const C5 = 1712.0476126340707;
const C6 = 2051.0783778260715;
const C7 = 1230.3393547979972;
const C8 = 2.1531153547440383e-8;
const D0 = 15.744926110709835;
const D1 = 117.6939508913125;
const D2 = 537.18110186200986;
const D3 = 1621.3895745666903;
const D4 = 3290.7992357334597;
const D5 = 4362.6190901432471;
const D6 = 3439.3676741437216;
const D7 = 1230.3393548037495;

const P0 = 0.30532663496123236;
const P1 = 0.36034489994980445;
const P2 = 0.12578172611122925;
const P3 = 0.016083785148742275;
const P4 = 6.5874916152983678e-4;
const P5 = 0.016315387137302097;
const Q0 = 2.5685201922898682;
const Q1 = 1.8729528499234604;
const Q2 = 0.52790510295142837;
const Q3 = 0.060518341312441319;
const Q4 = 0.0023352049762686918;

/** 1/√π. */
export const INV_SQRT_PI = 0.56418958354775628695;

/** erf(x) for |x| ≤ 0.5: x·R(x²) (Cody interval 1). */
export function erfSmall(x: number): number {
  const z = x * x;
  let num = A4 * z;
  let den = z;
  num = (num + A0) * z;
  den = (den + B0) * z;
  num = (num + A1) * z;
  den = (den + B1) * z;
  num = (num + A2) * z;
  den = (den + B2) * z;
  return (x * (num + A3)) / (den + B3);
}

/** erfcx(y) = exp(y²)·erfc(y) for 0.5 < y ≤ 4: R(y) (Cody interval 2). */
export function erfcxMid(y: number): number {
  let num = C8 * y;
  let den = y;
  num = (num + C0) * y;
  den = (den + D0) * y;
  num = (num + C1) * y;
  den = (den + D1) * y;
  num = (num + C2) * y;
  den = (den + D2) * y;
  num = (num + C3) * y;
  den = (den + D3) * y;
  num = (num + C4) * y;
  den = (den + D4) * y;
  num = (num + C5) * y;
  den = (den + D5) * y;
  num = (num + C6) * y;
  den = (den + D6) * y;
  return (num + C7) / (den + D7);
}

/** erfcx(y) for y > 4: (1/√π − y⁻²R(y⁻²))/y (Cody interval 3). */
export function erfcxLarge(y: number): number {
  if (y >= 6.71e7) return INV_SQRT_PI / y;
  const z = 1 / (y * y);
  let num = P5 * z;
  let den = z;
  num = (num + P0) * z;
  den = (den + Q0) * z;
  num = (num + P1) * z;
  den = (den + Q1) * z;
  num = (num + P2) * z;
  den = (den + Q2) * z;
  num = (num + P3) * z;
  den = (den + Q3) * z;
  const r = (z * (num + P4)) / (den + Q4);
  return (INV_SQRT_PI - r) / y;
}

/** erfcx(y) for y ≥ 0.5 (intervals 2 and 3). */
export function erfcxPositive(y: number): number {
  return y <= 4 ? erfcxMid(y) : erfcxLarge(y);
}
