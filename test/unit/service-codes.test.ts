/**
 * A code the service spells more than one way is described the same whichever spelling comes: the
 * live service's short dialect says TRANSACTION_NOT_FOUND and USER_NOT_FOUND where the spec says
 * TRX_NOT_FOUND and ACCOUNT_NOT_FOUND.
 */
import { afterEach, describe, expect, it } from "vitest";
import { describeServiceCode } from "../../src/api/codes.js";
import { speak } from "../../src/messages/messages.js";

describe("describeServiceCode", () => {
  afterEach(() => speak("en"));

  for (const language of ["en", "id"] as const) {
    it(`describes every spelling of one meaning by one entry (${language})`, async () => {
      await speak(language);
      const transaction = describeServiceCode("TRX_NOT_FOUND");
      expect(transaction?.suggestion).toBeTruthy();
      expect(describeServiceCode("TRANSACTION_NOT_FOUND")).toEqual(transaction);
      const account = describeServiceCode("ACCOUNT_NOT_FOUND");
      expect(account?.message).toBeTruthy();
      for (const spelling of ["USER_NOT_FOUND", "CUSTOMER_NOT_FOUND", "PLAYER_NOT_FOUND"])
        expect(describeServiceCode(spelling)).toEqual(account);
      const noCheck = describeServiceCode("VALIDATION_NOT_AVAILABLE");
      expect(noCheck?.message).toBeTruthy();
      expect(describeServiceCode("VALIDATION_NOT_SUPPORTED")).toEqual(noCheck);
      expect(describeServiceCode("SOMETHING_NEW")).toBeUndefined();
    });
  }
});
