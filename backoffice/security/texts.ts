// What the Security page, the sign-in's gate and the Team screen say about two-factor sign-in.
export const TWO_FACTOR_ON = "On: after your password, sign-in asks for the code of your authenticator app.";
export const TWO_FACTOR_OFF = "Off: your password alone signs you in.";
export const TEAM_REQUIRES_TWO_FACTOR = "Your team requires two-factor sign-in for every member.";
export const SIGN_OUT_EVERYWHERE_QUESTION = "Sign out on every device and browser, this one included? You will need your password (and your code) to sign in again.";
