/**
 * A code the service spells more than one way is described the same whichever spelling comes: the
 * live service's short dialect says TRANSACTION_NOT_FOUND and USER_NOT_FOUND where the spec says
 * TRX_NOT_FOUND and ACCOUNT_NOT_FOUND.
 */
import { describe, expect, it } from "vitest";
import { describeServiceCode } from "../../src/api/codes.js";
import { wordIn } from "../../src/errors.js";
import { catalogueOf } from "../../src/messages/messages.js";

describe("describeServiceCode", () => {
  for (const language of ["en", "id"] as const) {
    it(`describes every spelling of one meaning by one entry (${language})`, () => {
      const say = catalogueOf(language);
      const worded = (code: string) => {
        const described = describeServiceCode(code);
        return described && { message: wordIn(described.message, say), suggestion: wordIn(described.suggestion, say) };
      };
      const transaction = worded("TRX_NOT_FOUND");
      expect(transaction?.suggestion).toBeTruthy();
      expect(worded("TRANSACTION_NOT_FOUND")).toEqual(transaction);
      const account = worded("ACCOUNT_NOT_FOUND");
      expect(account?.message).toBeTruthy();
      for (const spelling of ["USER_NOT_FOUND", "CUSTOMER_NOT_FOUND", "PLAYER_NOT_FOUND"])
        expect(worded(spelling)).toEqual(account);
      const noCheck = worded("VALIDATION_NOT_AVAILABLE");
      expect(noCheck?.message).toBeTruthy();
      expect(worded("VALIDATION_NOT_SUPPORTED")).toEqual(noCheck);
      expect(worded("SOMETHING_NEW")).toBeUndefined();
      // Each language its own words: the Indonesian description is not the English one.
      if (language === "id")
        expect(transaction?.message).not.toBe(wordIn(describeServiceCode("TRX_NOT_FOUND")?.message, catalogueOf("en")));
    });
  }
});
