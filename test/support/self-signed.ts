/**
 * A self-signed certificate for 127.0.0.1 and localhost (valid until 2126), made once with
 *   openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 36500 \
 *     -subj /CN=localhost -addext "subjectAltName=IP:127.0.0.1,DNS:localhost"
 * for tests of a TLS server nobody vouches for: what an intercepting proxy presents. Test-only; it
 * protects nothing.
 */
export const selfSignedKey = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgqunr4L+aiqHvtoGX
Y9+WJU6D9tYHp1WqfAxCE7SLdSuhRANCAASUycACZc7m1YA4WDFObvn5Om8KSnQA
7WB7vV0f1fuT0wPraXK57VLwYVKQT8B0jtdRQVcU7wLniTIlAYFeuAUt
-----END PRIVATE KEY-----`;

export const selfSignedCert = `-----BEGIN CERTIFICATE-----
MIIBmzCCAUGgAwIBAgIUUy3ueeHHbBMIfYS8tLvsGFmCf/wwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyMzE4NTIwNFoYDzIxMjYxMDMw
MTg1MjA0WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAASUycACZc7m1YA4WDFObvn5Om8KSnQA7WB7vV0f1fuT0wPraXK57VLw
YVKQT8B0jtdRQVcU7wLniTIlAYFeuAUto28wbTAdBgNVHQ4EFgQU3vj6La0rst1d
/39Qr/ijL23T150wHwYDVR0jBBgwFoAU3vj6La0rst1d/39Qr/ijL23T150wDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARhwR/AAABgglsb2NhbGhvc3QwCgYIKoZI
zj0EAwIDSAAwRQIgNQlmfOBU+DKxWwFUmZPVAlcn+bu4uVLqYdROf3+Qt5oCIQDq
T9LRJdppsLaMFoGUYVBteEh9YOpwYaFnFWgOLCM8yw==
-----END CERTIFICATE-----`;
